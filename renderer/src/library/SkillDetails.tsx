// What a selected skill holds: its metadata, its diagnostics at their positions, and its tools.
import { effectiveValues } from '../../../shared/effective.js';
import { PROFILE_RUNTIME, RUNTIME_LABELS } from '../../../shared/runtime-table.js';
import type { JsonValue, ListedEntry, ValidationProfile } from '../../../shared/types.js';
import './library.css';

const show = (v: JsonValue): string => (typeof v === 'string' ? v : JSON.stringify(v));

export function SkillDetails(props: { entry: ListedEntry | undefined; profile?: ValidationProfile }) {
  const entry = props.entry;
  if (!entry) return <p className="empty">Select a skill to see its diagnostics and tools.</p>;
  const skill = entry.skill;
  return (
    <article className="skill-details page" aria-label={`Skill ${skill?.name ?? entry.id}`}>
      <div className="meta">
        {entry.format} · {entry.status}
        {entry.reason ? ` (${entry.reason})` : ''} · {entry.path}
      </div>
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
                <code>{d.code}</code> {d.message}
              </span>
            </div>
          ))
        )}
      </section>
      {skill ? <EffectiveValues entry={entry} profile={props.profile ?? 'skillbench'} /> : null}
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
