// "Wrap as skill tool": adds a `kind: mcp` tool for a server's tool to a chosen skill's SKILL.md, through
// the frontmatter writer that keeps the manifest's comments and layout, with some arguments locked; it shows the
// composed name and the schema a model would be offered before anything is written.
import { useEffect, useMemo, useState } from 'react';
import type { McpToolView, McpWrapPreview } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import type { JsonValue, ListedEntry, RootInfo } from '../../../shared/types.js';
import { appendFrontmatterListItem } from '../../../shared/syntax/frontmatter-edit.js';
import { JsonTree } from '../runner/OutputView.js';
import { Modal } from '../ui/Modal.js';
import { suggestedToolName, wrapTargets, wrapToolEntry } from './servers-model.js';

/** The skill last wrapped into, offered first the next time (for the session). */
let lastWrappedInto: string | undefined;

/** A locked value as typed: JSON when it parses (numbers, booleans, objects), else the text itself. */
function lockedValue(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

export function WrapToolDialog(props: {
  host: HostApi;
  server: string;
  tool: McpToolView;
  entries: ListedEntry[];
  roots: RootInfo[];
  onClose(): void;
  /** The tool was added to the skill as `toolName`. */
  onWrapped(skillId: string, toolName: string): void;
}) {
  const { host, server, tool } = props;
  const { targets, preferred } = wrapTargets(props.entries, props.roots, lastWrappedInto);
  const [skillId, setSkillId] = useState(preferred ?? '');
  const [name, setName] = useState(suggestedToolName(tool.name));
  const [description, setDescription] = useState(tool.description ?? '');
  const [locked, setLocked] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<McpWrapPreview>();
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const properties = Object.keys((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {});
  const lockedArgs = useMemo(
    () => Object.fromEntries(Object.entries(locked).map(([k, v]) => [k, lockedValue(v)])),
    [locked],
  );
  const skill = targets.some((t) => t.id === skillId)
    ? props.entries.find((e) => e.id === skillId)
    : undefined;
  const clash = skill?.skill?.tools.some((t) => t.name === name);

  useEffect(() => {
    if (!skillId || !name.trim()) return setPreview(undefined);
    let live = true;
    void host
      .invoke('mcp:wrap-preview', { skillId, toolName: name, server, tool: tool.name, lockedArgs })
      .then((r) => {
        if (!live) return;
        if (r.ok) {
          setPreview(r.value);
          setProblem(undefined);
        } else setProblem(r.error.message);
      });
    return () => {
      live = false;
    };
  }, [host, skillId, name, server, tool.name, lockedArgs]);

  const add = async () => {
    if (!skill) return;
    setSaving(true);
    const file = await host.invoke('skills:read-file', { path: skill.path });
    let text: string | undefined;
    try {
      if (!file.ok) throw new Error(file.error.message);
      text = appendFrontmatterListItem(
        file.value.text,
        'tools',
        wrapToolEntry({ name, description, server, tool: tool.name, lockedArgs }),
      );
    } catch (error) {
      setSaving(false);
      return setProblem((error as Error).message);
    }
    const saved = await host.invoke('skills:save-file', {
      path: skill.path,
      text,
      expectedHash: file.value.hash,
    });
    setSaving(false);
    if (!saved.ok) return setProblem(saved.error.message);
    lastWrappedInto = skill.id;
    props.onWrapped(skill.id, name);
  };

  return (
    <Modal
      title={`Wrap ${server} → ${tool.name} as a skill tool`}
      wide
      onCancel={() => props.onClose()}
      actions={
        <>
          <button onClick={() => props.onClose()}>Cancel</button>
          <button
            className="primary"
            disabled={!skill || !name.trim() || !!clash || saving}
            onClick={() => void add()}
          >
            Add to skill
          </button>
        </>
      }
    >
      {targets.length === 0 ? (
        <p className="problem">
          No SKILL.md skill in a writable root: create one first (the bundled examples are read-only).
        </p>
      ) : null}
      <label className="form-row">
        Skill
        <select value={skillId} onChange={(e) => setSkillId(e.target.value)}>
          {targets.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <label className="form-row">
        Tool name
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {clash ? <p className="sev-error small-text">The skill already has a tool named {name}.</p> : null}
      <label className="form-row">
        Description
        <input value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      {properties.length ? (
        <fieldset className="wrap-locked">
          <legend>Lock arguments (the caller cannot change them; a model never sees them)</legend>
          {properties.map((p) => (
            <div key={p} className="form-row">
              <label>
                <input
                  type="checkbox"
                  checked={p in locked}
                  onChange={(e) =>
                    setLocked(({ [p]: _drop, ...rest }) => (e.target.checked ? { ...rest, [p]: '' } : rest))
                  }
                />{' '}
                <code>{p}</code>
              </label>
              {p in locked ? (
                <input
                  aria-label={`Locked value of ${p}`}
                  value={locked[p]}
                  onChange={(e) => setLocked((l) => ({ ...l, [p]: e.target.value }))}
                />
              ) : null}
            </div>
          ))}
        </fieldset>
      ) : null}
      {problem ? (
        <p className="sev-error" role="alert">
          {problem}
        </p>
      ) : null}
      {preview ? (
        <section aria-label="What a model is offered">
          <p>
            Offered to a model as <code data-testid="composed-name">{preview.composedName}</code>, calling{' '}
            <code>{preview.target}</code>.
          </p>
          {preview.undeclaredLocked.length ? (
            <p className="sev-warning small-text">
              {preview.undeclaredLocked.join(', ')}: not declared by the tool&apos;s schema (the manifest will
              warn).
            </p>
          ) : null}
          <div className="json-tree" aria-label="Advertised schema">
            <JsonTree value={preview.inputSchema} />
          </div>
        </section>
      ) : null}
    </Modal>
  );
}
