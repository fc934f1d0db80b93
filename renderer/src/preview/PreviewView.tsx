// The instructions as a model receives them when the skill is invoked with the arguments typed here, and the
// skill's entry in the <available_skills> catalog. Follows the editor's unsaved text when the manifest is open.
// Tested by: test/unit/renderer/library/skill-details-effective.test.tsx
import { useEffect, useMemo, useState } from 'react';
import { catalogEntries, renderAvailableSkills } from '../../../shared/catalog.js';
import { argumentNamesOf, renderInstructions } from '../../../shared/syntax/instructions.js';
import type { HostApi } from '../../../shared/ipc.js';
import { bangCommands } from '../../../shared/syntax/instructions.js';
import type { ListedEntry } from '../../../shared/types.js';
import { bodyOf, readFrontmatter } from '../../../shared/syntax/frontmatter-edit.js';
import { CommandList } from './CommandList.js';
import './preview.css';

export function PreviewView(props: {
  host: HostApi;
  entry: ListedEntry;
  /** Whether the skill's root is trusted (its commands may run on request). */
  trusted: boolean;
  unsavedText?: string;
}) {
  const skill = props.entry.skill;
  const [args, setArgs] = useState('');
  const [vars, setVars] = useState<Record<string, string>>({});
  const live = props.unsavedText !== undefined && props.entry.format === 'skill-md';
  const saved = useSavedInstructions(props.host, props.entry);
  const savedInstructions = typeof saved === 'string' ? saved : '';
  const source = useMemo(() => {
    if (!live || props.unsavedText === undefined)
      return { instructions: savedInstructions, names: argumentNamesOf(skill?.metadata.arguments) };
    const fm = readFrontmatter(props.unsavedText);
    return {
      instructions: bodyOf(props.unsavedText),
      names: argumentNamesOf(fm.ok ? fm.fields.arguments : undefined),
      variables: fm.ok && Array.isArray(fm.fields.variables) ? fm.fields.variables.map(String) : undefined,
    };
  }, [live, props.unsavedText, skill, savedInstructions]);
  if (!skill)
    return <p className="empty">This manifest could not be parsed; fix it in the editor to preview it.</p>;
  if (saved === undefined)
    return (
      <p className="empty" role="status">
        Loading the instructions…
      </p>
    );
  if (typeof saved !== 'string')
    return (
      <p className="problem" role="alert">
        The instructions could not be read: {saved.problem}
      </p>
    );
  const variables = source.variables ?? skill.variables;
  const rendered = renderInstructions({
    instructions: source.instructions,
    args,
    argumentNames: source.names,
    variables: vars,
    // Claude Code substitutes the skill's folder; the session id is a placeholder, shown as such (issue 11).
    skillDir: skill.sourcePath.replace(/[\\/][^\\/]*$/, ''),
  });
  const inCatalog = catalogEntries([props.entry]).length === 1;
  return (
    <div className="preview page">
      <section aria-label="Invocation">
        <label className="form-row">
          Arguments {skill.argumentHint ? <span className="muted">{skill.argumentHint}</span> : null}
          <input
            aria-label="Arguments"
            value={args}
            placeholder="as typed after /skill-name"
            onChange={(e) => setArgs(e.target.value)}
          />
        </label>
        {source.names.length ? (
          <p className="muted small-text">
            Named arguments: {source.names.map((n, i) => `$${n} = $${i}`).join(', ')}
          </p>
        ) : null}
        {variables.map((v) => (
          <label key={v} className="form-row">
            {`{{${v}}}`}
            <input
              aria-label={`Variable ${v}`}
              value={vars[v] ?? ''}
              onChange={(e) => setVars({ ...vars, [v]: e.target.value })}
            />
          </label>
        ))}
      </section>
      <section aria-label="Rendered instructions">
        <h3>
          Instructions as the model receives them{' '}
          {live ? <span className="muted">(unsaved text)</span> : null}
        </h3>
        {rendered.missing.length ? (
          <p className="sev-warning small-text" role="status">
            No argument for {rendered.missing.join(', ')}: left as written.
          </p>
        ) : null}
        {rendered.appended ? (
          <p className="muted small-text">The body has no $ARGUMENTS, so the arguments are appended.</p>
        ) : null}
        <pre className="rendered">{rendered.text}</pre>
        {rendered.commands.length ? (
          <CommandList
            host={props.host}
            skillId={props.entry.id}
            commands={rendered.commands}
            written={bangCommands(source.instructions)}
            saved={bangCommands(saved)}
            trusted={props.trusted}
          />
        ) : null}
      </section>
      <section aria-label="Catalog entry">
        <h3>Catalog entry</h3>
        {inCatalog ? (
          <pre className="rendered">{renderAvailableSkills([props.entry])}</pre>
        ) : (
          <p className="muted">
            Not in the catalog a model sees:{' '}
            {skill.disableModelInvocation
              ? 'disable-model-invocation is true (only the user can invoke it).'
              : skill.description.trim() === ''
                ? 'it has no description.'
                : `its status is ${props.entry.status}.`}
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * The saved instructions of the entry, asked of the host: the library's list leaves them out (issue 14). Asked
 * again whenever the entry changes (a save or an outside edit patches the list with a new entry object).
 */
function useSavedInstructions(host: HostApi, entry: ListedEntry): string | { problem: string } | undefined {
  const [got, setGot] = useState<{ entry: ListedEntry; value: string | { problem: string } }>();
  useEffect(() => {
    let stale = false;
    void host.invoke('skills:get', { id: entry.id }).then((r) => {
      if (stale) return;
      const value = !r.ok
        ? { problem: r.error.message }
        : r.value.path !== entry.path
          ? { problem: `the library now has ${r.value.path} under this id; reload the library.` }
          : (r.value.skill?.instructions ?? '');
      setGot({ entry, value });
    });
    return () => {
      stale = true;
    };
  }, [host, entry]);
  // The same skill's last answer meanwhile, so a save does not blank the preview while its new text is asked for.
  return got?.entry.id === entry.id ? got.value : undefined;
}
