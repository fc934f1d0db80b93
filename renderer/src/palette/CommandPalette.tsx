// Ctrl/Cmd+K: one box to open any skill or run any action, driven entirely by the keyboard. It offers every command
// something carries out right now (through the command bus), then the app's own items (tabs, skills, theme).
// Tested by: test/unit/renderer/palette/command-palette.test.ts
import { useMemo, useState } from 'react';
import type { CommandBus } from '../commands/command-bus.js';
import { COMMANDS, shortcutOf, type CommandSpec, type PlainCommand } from '../commands/commands.js';
import { useCommandBus } from '../commands/use-commands.js';
import { Modal } from '../ui/Modal.js';
import './palette.css';

export interface PaletteItem {
  id: string;
  label: string;
  /** Shown at the right: a shortcut or what kind of item this is. */
  hint?: string;
  run: () => void;
}

/**
 * The bus's commands that the palette offers and that something carries out now, in the registry's order. A
 * fallback does not count: "Save the file" is offered while the editor is open, "Save all unsaved files" always.
 */
export function commandItems(bus: CommandBus): PaletteItem[] {
  return (Object.entries(COMMANDS) as Array<[PlainCommand, CommandSpec]>)
    .filter(([id, spec]) => spec.inPalette && bus.has(id, { fallback: false }))
    .map(([id, spec]) => ({ id, label: spec.label, hint: shortcutOf(id), run: () => bus.dispatch(id) }));
}

const MAX_SHOWN = 50;

/** Every word of the query appears in the label (case-insensitive); earlier matches rank first. */
function filterItems(commands: readonly PaletteItem[], query: string): PaletteItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return commands.slice(0, MAX_SHOWN);
  return commands
    .map((c) => {
      const label = c.label.toLowerCase();
      const at = words.map((w) => label.indexOf(w));
      return { c, score: at.some((i) => i < 0) ? -1 : at.reduce((a, b) => a + b, 0) };
    })
    .filter((x) => x.score >= 0)
    .sort((a, b) => a.score - b.score)
    .slice(0, MAX_SHOWN)
    .map((x) => x.c);
}

export function CommandPalette(props: { items: PaletteItem[]; onClose: () => void }) {
  const bus = useCommandBus();
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  // Read when the palette opens: what the bus offers cannot change while the palette holds the focus.
  const all = useMemo(() => [...commandItems(bus), ...props.items], [bus, props.items]);
  const shown = useMemo(() => filterItems(all, query), [all, query]);
  const pick = (c: PaletteItem | undefined) => {
    if (!c) return;
    props.onClose();
    c.run();
  };
  return (
    <Modal title="Go to a skill or run a command" onCancel={props.onClose} actions={null}>
      <input
        className="palette-input"
        role="combobox"
        aria-expanded="true"
        aria-controls="palette-list"
        aria-activedescendant={shown[index] ? `palette-${shown[index].id}` : undefined}
        aria-label="Command"
        placeholder="Type a skill name or an action…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setIndex(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setIndex((i) => Math.min(i + 1, shown.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setIndex((i) => Math.max(i - 1, 0));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            pick(shown[index]);
          }
        }}
      />
      <ul id="palette-list" role="listbox" aria-label="Commands" className="palette-list">
        {shown.map((c, i) => (
          <li
            key={c.id}
            id={`palette-${c.id}`}
            role="option"
            aria-selected={i === index}
            className={i === index ? 'active' : ''}
            onMouseEnter={() => setIndex(i)}
            onClick={() => pick(c)}
          >
            <span>{c.label}</span>
            {c.hint ? <span className="muted">{c.hint}</span> : null}
          </li>
        ))}
        {shown.length === 0 ? <li className="muted">Nothing matches.</li> : null}
      </ul>
    </Modal>
  );
}
