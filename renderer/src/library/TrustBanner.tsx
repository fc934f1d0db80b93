// Workspace trust: a non-modal banner over a skill whose root the user has not trusted, when the skill declares
// something that runs (the host's `runsCode`; a skill of instructions has nothing to hold back). It says that the
// root's MCP servers, shell and script tools do not run, shows exactly what would run (command lines, env keys,
// folders) on request, and trusts the folder only when its button is pressed (never focused by default).
import { useState } from 'react';
import type { TrustReportView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import type { ListedEntry, RootInfo } from '../../../shared/types.js';

export function TrustBanner(props: { host: HostApi; root: RootInfo; entry: Pick<ListedEntry, 'runsCode'> }) {
  const { host, root } = props;
  const [report, setReport] = useState<TrustReportView>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (root.trusted || !props.entry.runsCode) return null;
  const show = async () => {
    const r = await host.invoke('roots:trust-info', { id: root.id });
    if (r.ok) setReport(r.value);
    else setProblem(r.error.message);
  };
  const trust = async () => {
    setBusy(true);
    const r = await host.invoke('roots:trust', { id: root.id, trusted: true });
    setBusy(false);
    if (!r.ok) setProblem(r.error.message); // on success the library reloads with the root trusted
  };
  return (
    <section className="trust-banner" role="region" aria-label="Workspace trust">
      <p>
        <strong>Restricted:</strong> this skill comes from <code>{root.path}</code>, a folder you have not
        trusted. Its MCP servers, shell and script tools do not run; tools are shown from the manifest.
      </p>
      <div className="trust-actions">
        <button onClick={() => void (report ? setReport(undefined) : show())} aria-expanded={!!report}>
          {report ? 'Hide what would run' : 'Show what would run'}
        </button>
        <button onClick={() => void trust()} disabled={busy}>
          Trust this folder
        </button>
      </div>
      {problem && <p className="problem">{problem}</p>}
      {report && (
        <div className="trust-report">
          {report.servers.length === 0 && report.tools.length === 0 && (
            <p>Nothing in this folder runs code.</p>
          )}
          {report.servers.length > 0 && (
            <>
              <h4>MCP servers it would start</h4>
              <ul>
                {report.servers.map((s) => (
                  <li key={s.name}>
                    <code>{s.name}</code>:{' '}
                    <code>{s.url ?? [s.command ?? '', ...(s.args ?? [])].join(' ')}</code>
                    {s.cwd && (
                      <>
                        {' '}
                        in <code>{s.cwd}</code>
                      </>
                    )}
                    {s.envKeys.length > 0 && <> with environment {s.envKeys.join(', ')}</>}{' '}
                    <span className="muted">({s.file})</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {report.tools.length > 0 && (
            <>
              <h4>Tools that run commands</h4>
              <ul>
                {report.tools.map((t) => (
                  <li key={`${t.skillId}/${t.tool}`}>
                    <code>{t.skillId}</code> / <code>{t.tool}</code> ({t.kind}): <code>{t.command}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
