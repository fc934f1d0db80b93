// What a selected skill holds: its metadata, the agents that read it, its diagnostics at their positions (with the
// profiles that report them, when its agents disagree), and its tools.
// Tested by: test/unit/renderer/library/skill-details-readers.test.tsx
import { effectiveValues, qualifiedName } from '../../../shared/effective.js';
import { PROFILE_RUNTIME, RUNTIME_LABELS } from '../../../shared/runtime-table.js';
import type { JsonValue, ListedEntry, ValidationProfile } from '../../../shared/types.js';
import './library.css';

const show = (v: JsonValue): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** An agent of the agent table, as the skill view names it. */
export interface AgentName {
  id: string;
  displayName: string;
  profile: ValidationProfile;
}

/** The readers grouped by the profile that checks them, in the order they first appear. */
function readersByProfile(readers: readonly AgentName[]): Array<[ValidationProfile, AgentName[]]> {
  const groups = new Map<ValidationProfile, AgentName[]>();
  for (const r of readers) groups.set(r.profile, [...(groups.get(r.profile) ?? []), r]);
  return [...groups];
}

export function SkillDetails(props: {
  entry: ListedEntry | undefined;
  profile?: ValidationProfile;
  agents?: readonly AgentName[];
}) {
  const entry = props.entry;
  if (!entry) return <p className="empty">Select a skill to see its diagnostics and tools.</p>;
  const skill = entry.skill;
  const readers = (entry.readers ?? []).map(
    (id) => props.agents?.find((a) => a.id === id) ?? { id, displayName: id, profile: 'portable' as const },
  );
  // Under the default profile, a skill in agents' folders is checked (and read) as the first of them reads it.
  const profile =
    (props.profile ?? 'skillbench') === 'skillbench' && readers[0]
      ? readers[0].profile
      : (props.profile ?? 'skillbench');
  return (
    <article className="skill-details page" aria-label={`Skill ${skill ? qualifiedName(skill) : entry.id}`}>
      <div className="meta">
        {entry.format} · {entry.status}
        {entry.reason ? ` (${entry.reason})` : ''} · {entry.path}
      </div>
      {readers.length > 0 && (
        <p className="readers" aria-label="Read by">
          Read by{' '}
          {readersByProfile(readers).map(([p, agents], i) => (
            <span key={p}>
              {i > 0 ? '; ' : ''}
              {agents.length <= 3 ? (
                agents.map((a) => a.displayName).join(', ')
              ) : (
                <span className="many" title={agents.map((a) => a.displayName).join(', ')}>
                  {agents.length} agents
                </span>
              )}{' '}
              <span className="muted">({p})</span>
            </span>
          ))}
          {entry.alsoAt?.length ? (
            <span className="muted"> · also reached at {entry.alsoAt.join(', ')}</span>
          ) : null}
        </p>
      )}
      {skill?.description && <p>{skill.description}</p>}
      <section aria-label="Diagnostics">
        <h3>Diagnostics</h3>
        {entry.diagnostics.length === 0 ? (
          <p>No problems found.</p>
        ) : (
          entry.diagnostics.map((d, i) => (
            <div className="diag" key={i}>
              <span className={`sev-${d.severity}`}>{d.severity}</span>
              <span>
                {d.line}:{d.column}
              </span>
              <span>
                <code>{d.code}</code>
                {d.profiles ? <span className="profiles"> {d.profiles.join(', ')}</span> : null} {d.message}
              </span>
            </div>
          ))
        )}
      </section>
      {skill ? <EffectiveValues entry={entry} profile={profile} /> : null}
      <section aria-label="Tools">
        <h3>Tools</h3>
        {(skill?.tools.length ?? 0) === 0 ? (
          <p>This skill declares no tools.</p>
        ) : (
          skill?.tools.map((t) => (
            <div className="tool" key={t.name}>
              <code>{t.name}</code> · {t.kind}
              {t.target ? ` → ${t.target}` : ''} {t.description && `— ${t.description}`}
            </div>
          ))
        )}
      </section>
    </article>
  );
}

/** What the profile's runtime will use for each key: written, its default, or ignored (issue 11). */
function EffectiveValues(props: { entry: ListedEntry; profile: ValidationProfile }) {
  const skill = props.entry.skill;
  if (!skill) return null;
  const values = Object.entries(effectiveValues(skill, props.profile));
  return (
    <section aria-label="Effective values">
      <h3>
        Effective values{' '}
        <span className="muted">as {RUNTIME_LABELS[PROFILE_RUNTIME[props.profile]]} reads them</span>
      </h3>
      <table className="effective">
        <tbody>
          {values.map(([key, { value, source }]) => (
            <tr key={key} className={`effective-${source}`}>
              <th scope="row">
                <code>{key}</code>
              </th>
              <td>{show(value)}</td>
              <td className="muted">{source}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
