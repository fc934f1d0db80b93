// Owns the list of commands: what each is called, what it takes, and the keys that trigger it. The keyboard, the
// desktop menu (`app:command`) and the command palette all carry commands out through one CommandBus.
import { APP_COMMANDS } from '../../../shared/ipc-names.js';
import type { JsonValue } from '../../../shared/types.js';
import { VIEWS, type ViewId } from '../../../shared/views.js';

/** A run from the history, to load into its skill's runner. */
export interface Replay {
  skillId: string;
  /** The tool's own name (or its composed name, as older history entries recorded it). */
  tool: string;
  args: JsonValue;
}

/** What each command takes: most take nothing. Each view is a command too (showing it). */
export type CommandArgs = OwnCommandArgs & { [V in ViewId]: undefined };
interface OwnCommandArgs {
  palette: undefined;
  'new-skill': undefined;
  save: undefined;
  'save-all': undefined;
  run: undefined;
  'cancel-run': undefined;
  'replay-run': Replay;
}
export type CommandId = keyof CommandArgs;
export type ArgsOf<C extends CommandId> = CommandArgs[C] extends undefined ? [] : [CommandArgs[C]];
/** The commands that take nothing: the only ones a key or a menu item can trigger. */
export type PlainCommand = { [C in CommandId]: CommandArgs[C] extends undefined ? C : never }[CommandId];

/** A key with Ctrl (Cmd on macOS) or not; `shift` undefined means either. */
interface Chord {
  key: string;
  mod?: boolean;
  shift?: boolean;
}

export interface CommandSpec {
  label: string;
  keys?: Chord;
  /** Offered in the command palette while something carries it out. */
  inPalette?: boolean;
  /**
   * Kept until a handler registers, instead of being dropped: for a command that a lazily loaded screen carries
   * out right after the app opens it (a replay, for the runner that is still loading).
   */
  waits?: boolean;
}

/** A view's keys, read from the accelerator the menu shows ("CmdOrCtrl+Shift+H"). */
function chordOf(accelerator: string): Chord {
  const parts = accelerator.split('+');
  const key = (parts.pop() ?? '').toLowerCase();
  return {
    key,
    ...(parts.includes('CmdOrCtrl') ? { mod: true } : {}),
    ...(parts.includes('Shift') ? { shift: true } : {}),
  };
}

const VIEW_COMMANDS = Object.fromEntries(
  VIEWS.map((v): [ViewId, CommandSpec] => [
    v.id,
    { label: v.palette, inPalette: true, ...('accelerator' in v ? { keys: chordOf(v.accelerator) } : {}) },
  ]),
) as { readonly [V in ViewId]: CommandSpec };

/** Every command, in the order the palette lists them. */
export const COMMANDS: { readonly [C in CommandId]: CommandSpec } = {
  palette: { label: 'Command palette', keys: { key: 'k', mod: true } },
  'new-skill': { label: 'New skill…', keys: { key: 'n', mod: true, shift: false }, inPalette: true },
  ...VIEW_COMMANDS,
  'save-all': { label: 'Save all unsaved files', inPalette: true },
  save: { label: 'Save the file', keys: { key: 's', mod: true }, inPalette: true },
  run: { label: 'Run the selected tool', keys: { key: 'enter', mod: true }, inPalette: true },
  'cancel-run': { label: 'Cancel the run', keys: { key: 'escape' }, inPalette: true },
  'replay-run': { label: 'Replay a run', waits: true },
};

// Every menu command is one of ours (a type error here means the menu gained a command the renderer ignores).
APP_COMMANDS satisfies readonly PlainCommand[];

type KeyEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>;

/** The command a key press triggers, if any. */
export function commandForKey(e: KeyEvent): PlainCommand | undefined {
  const key = e.key.toLowerCase();
  const mod = e.ctrlKey || e.metaKey;
  for (const [id, spec] of Object.entries(COMMANDS) as Array<[CommandId, CommandSpec]>) {
    const chord = spec.keys;
    if (!chord || chord.key !== key || (chord.mod && !mod)) continue;
    if (chord.shift !== undefined && chord.shift !== e.shiftKey) continue;
    return id as PlainCommand; // only commands that take nothing have keys
  }
  return undefined;
}

const KEY_NAMES: Record<string, string> = { enter: 'Enter', escape: 'Esc' };

/** How the UI writes a command's shortcut ("Ctrl/Cmd+Shift+H"), or undefined when it has none. */
export function shortcutOf(id: CommandId): string | undefined {
  const chord = COMMANDS[id].keys;
  if (!chord) return undefined;
  const key = KEY_NAMES[chord.key] ?? chord.key.toUpperCase();
  return [chord.mod ? 'Ctrl/Cmd' : '', chord.shift ? 'Shift' : '', key].filter(Boolean).join('+');
}
