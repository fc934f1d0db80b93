// What a selected skill holds: its metadata, its diagnostics at their positions, and its tools.
import type { LibraryEntry } from '../../../shared/types.js';
import './library.css';

export function SkillDetails(props: { entry: LibraryEntry | undefined }) {
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
