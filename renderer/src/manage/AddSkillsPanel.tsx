// The "Add skills" panel (issue 17), non-modal: paste a source (a folder, a .skill/.zip file, a git URL or
// owner/repo), see what it holds before anything is written (findings per agent profile, what each skill runs),
// pick skills, agents, scope (and which open project) and links or copies, and install with progress. Looking and
// installing can be cancelled (nothing is written). Errors block unless "Install anyway"; a different skill of the
// same name is replaced only on an explicit second choice, never a focused default.
// Tested by: test/unit/renderer/manage/add-skills-panel.test.tsx
import { useEffect, useRef, useState } from 'react';
import type { HostApi, IpcError } from '../../../shared/ipc.js';
import { formatBytes } from '../../../shared/units.js';
import type {
  InstallConflictView,
  InstallProgressView,
  InstallResultView,
  ManageAgentView,
  ManageScope,
  SourceInspectionView,
} from '../../../shared/manage-types.js';
import { agentLabel, checkedKey, defaultSkills, describeStep, installBlocker } from './manage-model.js';
import './manage.css';

const DEFAULT_AGENTS = ['claude-code'];

export interface AddPrefill {
  source: string;
  /** Changes each time, so the same source can be asked for again. */
  nonce: number;
}

export function AddSkillsPanel(props: {
  host: HostApi;
  agents: ManageAgentView[];
  projects: string[];
  /** The project installed into until the user picks one: the selected skill's, else the first. */
  defaultProject?: string;
  prefill?: AddPrefill;
  onInstalled(): void;
}) {
  const { host } = props;
  const [source, setSource] = useState('');
  const [agents, setAgents] = useState<string[]>(DEFAULT_AGENTS);
  // Until the user picks, the project when one is open (the list arrives after the panel mounts).
  const [scopeChoice, setScope] = useState<ManageScope>();
  const scope: ManageScope = scopeChoice ?? (props.projects.length ? 'project' : 'user');
  const [projectChoice, setProjectChoice] = useState<string>();
  const project =
    projectChoice !== undefined && props.projects.includes(projectChoice)
      ? projectChoice
      : (props.defaultProject ?? props.projects[0]);
  // The agents' folders in the project chosen (the list given is for the first project).
  const [projectAgents, setProjectAgents] = useState<{ project: string; agents: ManageAgentView[] }>();
  const agentTable = projectAgents && projectAgents.project === project ? projectAgents.agents : props.agents;
  const [copy, setCopy] = useState(false);
  const [inspection, setInspection] = useState<SourceInspectionView>();
  const [skills, setSkills] = useState<string[]>([]);
  const [anyway, setAnyway] = useState(false);
  const [busy, setBusy] = useState<'inspect' | 'install'>();
  const [problem, setProblem] = useState<string>();
  const [conflicts, setConflicts] = useState<InstallConflictView[]>();
  const [progress, setProgress] = useState<InstallProgressView>();
  const [done, setDone] = useState<InstallResultView[]>();
  const runId = useRef('');
  /** The agents, scope and mode the shown findings were checked for (checkedKey). */
  const [inspectedFor, setInspectedFor] = useState('');
  const [cancelled, setCancelled] = useState<string>();
  const newRun = (kind: string) =>
    (runId.current = `${kind}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`);

  useEffect(() => {
    if (!project || project === props.projects[0]) return;
    let live = true;
    void host.invoke('manage:agents', { project }).then((r) => {
      if (live && r.ok) setProjectAgents({ project, agents: r.value.agents });
    });
    return () => {
      live = false;
    };
  }, [host, project, props.projects]);

  useEffect(
    () =>
      host.on('manage:progress', (p) => {
        if (p.runId === runId.current) setProgress(p);
      }),
    [host],
  );

  const look = async (what = source, forAgents = agents) => {
    if (!what.trim()) return;
    setBusy('inspect');
    setProblem(undefined);
    setConflicts(undefined);
    setDone(undefined);
    setProgress(undefined);
    setCancelled(undefined);
    if (inspection) void host.invoke('manage:discard', { inspectionId: inspection.id });
    const r = await host.invoke('manage:inspect', {
      source: what.trim(),
      agents: forAgents,
      runId: newRun('inspect'),
      ...(project ? { project } : {}),
      scope,
      ...(copy ? { copy: true } : {}),
    });
    setBusy(undefined);
    setProgress(undefined);
    if (!r.ok) {
      setInspection(undefined);
      if (r.error.code === 'Cancelled') setCancelled(r.error.message);
      else setProblem(r.error.message);
      return;
    }
    setInspection(r.value);
    setInspectedFor(checkedKey(forAgents, scope, copy));
    setSkills(defaultSkills(r.value));
    setAnyway(false);
  };

  useEffect(() => {
    if (!props.prefill) return;
    setSource(props.prefill.source);
    void look(props.prefill.source);
    // Only a new prefill (its nonce) starts a look; typing in the box never does.
  }, [props.prefill?.nonce]);

  const install = async (replace: boolean) => {
    if (!inspection) return;
    setBusy('install');
    setProblem(undefined);
    setProgress(undefined);
    setCancelled(undefined);
    const r = await host.invoke('manage:install', {
      runId: newRun('install'),
      inspectionId: inspection.id,
      skills,
      agents,
      scope,
      ...(scope === 'project' && project ? { project } : {}),
      ...(copy ? { copy: true } : {}),
      ...(anyway || replace ? { force: true } : {}),
    });
    setBusy(undefined);
    if (!r.ok) return failed(r.error);
    setConflicts(undefined);
    setDone(r.value);
    setInspection(undefined);
    props.onInstalled();
  };

  const failed = (error: IpcError) => {
    const details = error.details as { conflicts?: InstallConflictView[] } | undefined;
    const found = (details?.conflicts ?? []).filter((c) => c.state !== 'blocked');
    if (error.code === 'Conflict' && found.length) setConflicts(found);
    else if (error.code === 'Cancelled') setCancelled(error.message);
    else setProblem(error.message);
    setProgress(undefined);
  };

  const cancel = () => void host.invoke('runs:cancel', { runId: runId.current });

  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  const stale = inspection !== undefined && checkedKey(agents, scope, copy) !== inspectedFor;
  const blocker = inspection ? installBlocker(inspection, { skills, agents, anyway, stale }) : undefined;
  const blockedPicked = inspection?.skills.some((s) => s.blocked && skills.includes(s.name)) ?? false;

  return (
    <section className="add-skills page" aria-label="Add skills">
      <h2>Add skills</h2>
      <p className="muted">
        From a folder, a <code>.skill</code> or <code>.zip</code> file, a git URL (<code>#branch</code> or{' '}
        <code>#tag</code> optional) or <code>owner/repo[/path]</code>. Nothing is written until you install.
      </p>
      <form
        className="add-source"
        onSubmit={(e) => {
          e.preventDefault();
          void look();
        }}
      >
        <input
          aria-label="Source"
          placeholder="owner/repo, https://…, /path/to/skill or file.zip"
          value={source}
          onChange={(e) => setSource(e.target.value)}
        />
        <button type="submit" disabled={!source.trim() || busy !== undefined}>
          {busy === 'inspect' ? 'Looking…' : 'Look inside'}
        </button>
        {busy !== undefined && (
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        )}
      </form>

      <fieldset>
        <legend>Install for</legend>
        <div className="agent-picks">
          {agentTable.map((a) => (
            <label
              key={a.id}
              title={
                scope === 'project'
                  ? a.projectFolder
                  : (a.userFolder ?? `${a.displayName} reads skills only from a project`)
              }
            >
              <input
                type="checkbox"
                // A project-only agent (Eve) has no folder in your home folder.
                disabled={scope === 'user' && a.userFolder === null}
                checked={agents.includes(a.id)}
                onChange={() => setAgents((list) => toggle(list, a.id))}
              />{' '}
              {a.displayName}
            </label>
          ))}
        </div>
        <div className="add-options">
          <div className="project-choice">
            <label>
              <input
                type="radio"
                name="scope"
                checked={scope === 'project'}
                disabled={!props.projects.length}
                onChange={() => setScope('project')}
              />{' '}
              {props.projects.length > 1 ? 'The project' : 'This project'}
              {props.projects.length === 1 ? <code> {props.projects[0]}</code> : null}
              {props.projects.length === 0 ? ' (none open)' : null}
            </label>
            {props.projects.length > 1 && (
              <select
                aria-label="Project"
                value={project}
                disabled={scope !== 'project' || busy !== undefined}
                onChange={(e) => setProjectChoice(e.target.value)}
              >
                {props.projects.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            )}
          </div>
          <label>
            <input type="radio" name="scope" checked={scope === 'user'} onChange={() => setScope('user')} />{' '}
            Your home folder (every project)
          </label>
          <label>
            <input type="checkbox" checked={copy} onChange={(e) => setCopy(e.target.checked)} /> Copies in
            each agent folder (instead of one shared copy and links)
          </label>
        </div>
        {stale ? (
          <p className="muted">
            The findings were checked for other agents or another folder:{' '}
            <button type="button" className="link" onClick={() => void look(source, agents)}>
              check again for these
            </button>
          </p>
        ) : null}
      </fieldset>

      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}

      {inspection && (
        <Inspection
          inspection={inspection}
          skills={skills}
          onToggle={(name) => setSkills((list) => toggle(list, name))}
        />
      )}

      {inspection && (
        <div className="install-row">
          {blockedPicked && (
            <label className="anyway">
              <input type="checkbox" checked={anyway} onChange={(e) => setAnyway(e.target.checked)} /> Install
              anyway (the findings include errors)
            </label>
          )}
          <button
            className="primary"
            disabled={blocker !== undefined || busy !== undefined}
            onClick={() => void install(false)}
          >
            {busy === 'install'
              ? 'Installing…'
              : `Install ${skills.length} skill${skills.length === 1 ? '' : 's'}`}
          </button>
          {blocker && <span className="muted">{blocker}</span>}
        </div>
      )}

      {progress && (busy || progress.step === 'lockfile') && (
        <div
          className="install-progress"
          role="status"
          aria-label={busy === 'inspect' ? 'Fetch progress' : 'Install progress'}
        >
          {progress.step === 'staged' || progress.step === 'placed' ? (
            <progress max={progress.total} value={progress.done} />
          ) : busy ? (
            <progress />
          ) : (
            <progress max={1} value={1} />
          )}{' '}
          {busy ? describeStep(progress) : 'Installed.'}
        </div>
      )}

      {cancelled && (
        <p className="muted" role="status" aria-label="Cancelled">
          {cancelled}
        </p>
      )}

      {conflicts && (
        <div className="banner conflicts" role="alert">
          <p>Nothing was installed. These folders already hold something else of that name:</p>
          <ul>
            {conflicts.map((c) => (
              <li key={c.path}>
                <code>{c.path}</code>:{' '}
                {c.state === 'modified' ? 'your locally changed copy' : 'a different skill'}
              </li>
            ))}
          </ul>
          <button onClick={() => setConflicts(undefined)}>Keep them</button>{' '}
          <button className="danger" onClick={() => void install(true)}>
            Replace them (the old copies go to the trash)
          </button>
        </div>
      )}

      {done && (
        <section className="install-done" aria-label="Installed">
          <h3>Installed</h3>
          <ul>
            {done.map((r) => (
              <li key={r.name}>
                <strong>{r.name}</strong>:{' '}
                {r.placements.map((p) => (
                  <span key={p.path} className="placement">
                    <code>{p.path}</code> ({p.how}
                    {p.agents.length ? `: ${p.agents.map((a) => agentLabel(a, agentTable)).join(', ')}` : ''})
                  </span>
                ))}
                {r.trashed.length > 0 && <span className="muted"> · replaced copies are in the trash</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function Inspection(props: {
  inspection: SourceInspectionView;
  skills: string[];
  onToggle(name: string): void;
}) {
  const { inspection } = props;
  const s = inspection.source;
  return (
    <section className="inspection" aria-label="What the source holds">
      <p className="meta">
        {s.source} ({s.type}
        {s.ref ? `, ${s.ref}` : ''}
        {s.commit ? `, commit ${s.commit.slice(0, 12)}` : ''}) · {inspection.skills.length} skill
        {inspection.skills.length === 1 ? '' : 's'} · checked with {inspection.profiles.join(', ')}
      </p>
      {inspection.readers.length > 0 && (
        <p className="muted">
          The shared copy in <code>.agents/skills</code> is also read by {inspection.readers.join(', ')}:
          their findings are shown too, and do not block (copies in each agent folder keep the skill out of
          it).
        </p>
      )}
      {inspection.skills.length === 0 && <p className="problem">No SKILL.md was found in this source.</p>}
      {inspection.skills.map((skill) => {
        const all = Object.entries(skill.findings).flatMap(([profile, list]) =>
          (list ?? []).filter((d) => d.severity !== 'info').map((d) => ({ profile, d })),
        );
        const runs =
          skill.tools.length +
          skill.commands.length +
          skill.mcpServers.length +
          skill.allowedTools.length +
          skill.scripts.length;
        return (
          <article key={skill.skillPath} className="found-skill" aria-label={`Skill ${skill.name}`}>
            <label className="found-name">
              <input
                type="checkbox"
                checked={props.skills.includes(skill.name)}
                onChange={() => props.onToggle(skill.name)}
              />{' '}
              <strong>{skill.name}</strong> <span className="muted">{skill.skillPath}</span>{' '}
              <span className="muted">
                · {skill.files} file{skill.files === 1 ? '' : 's'}, {formatBytes(skill.bytes)}
              </span>
              {skill.blocked ? <span className="badge error">errors</span> : null}
            </label>
            {skill.description && <p>{skill.description}</p>}
            {skill.clashes.map((c) => (
              <p key={c.path} className="problem">
                {c.state === 'different'
                  ? `${c.path} holds a different skill of that name: installing will ask before replacing it.`
                  : `${c.path} was changed since it was installed: installing will ask before replacing it.`}
              </p>
            ))}
            <div className="found-columns">
              <section aria-label={`Findings of ${skill.name}`}>
                <h4>Findings</h4>
                {all.length === 0 ? (
                  <p className="muted">No errors or warnings.</p>
                ) : (
                  <ul className="findings">
                    {all.map(({ profile, d }, i) => (
                      <li key={i}>
                        <span className={`sev-${d.severity}`}>{d.severity}</span> <code>{d.code}</code>{' '}
                        {d.message}{' '}
                        <span className="muted">
                          {d.file}:{d.line} · {profile}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <section aria-label={`What ${skill.name} runs`}>
                <h4>What it runs</h4>
                {runs === 0 ? (
                  <p className="muted">Nothing: instructions only.</p>
                ) : (
                  <ul className="runs">
                    {skill.tools.map((t) => (
                      <li key={`t-${t.name}`}>
                        tool <code>{t.name}</code> ({t.kind}): <code>{t.runs}</code>
                      </li>
                    ))}
                    {skill.commands.map((c) => (
                      <li key={`c-${c}`}>
                        command before the prompt: <code>{c}</code>
                      </li>
                    ))}
                    {skill.mcpServers.map((m) => (
                      <li key={`m-${m}`}>
                        calls the MCP server <code>{m}</code>
                      </li>
                    ))}
                    {skill.allowedTools.map((a) => (
                      <li key={`a-${a}`}>
                        may use without asking: <code>{a}</code>
                      </li>
                    ))}
                    {skill.scripts.map((f) => (
                      <li key={`s-${f}`}>
                        script file <code>{f}</code>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          </article>
        );
      })}
      {inspection.servers.length > 0 && (
        <section aria-label="MCP servers the source configures">
          <h4>MCP servers the source configures (they start when its tools run)</h4>
          <ul className="runs">
            {inspection.servers.map((srv) => (
              <li key={srv.name}>
                <code>{srv.name}</code>:{' '}
                <code>{srv.url ?? [srv.command ?? '', ...(srv.args ?? [])].join(' ')}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
      {inspection.problems.map((p) => (
        <p key={p.path} className="problem">
          Not a readable skill: {p.path}: {p.reason}
        </p>
      ))}
    </section>
  );
}
