// The runner (loaded lazily with Monaco): the skill's tools, a form generated from the advertised schema and a JSON
// editor on the same value, locked args read-only, run / cancel with progress, the output, saved cases. Its state
// lives in hooks: the arguments (useToolArgs), the call (useRun), the cases (useCases).
import { useEffect, useState } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import type { ListedEntry, ToolDefinition } from '../../../shared/types.js';
import { shortcutOf, type Replay } from '../commands/commands.js';
import { useCommand } from '../commands/use-commands.js';
import { ArgsJsonEditor } from './ArgsJsonEditor.js';
import { CasesPanel } from './CasesPanel.js';
import { OutputView } from './OutputView.js';
import { RunProgress } from './RunProgress.js';
import { SaveCaseDialog } from './SaveCaseDialog.js';
import { SchemaForm } from './schema-form/SchemaForm.js';
import { useCases } from './use-cases.js';
import { useRun, useRunKeys } from './use-run.js';
import { useSelectedTool, useToolArgs } from './use-tool-args.js';
import './runner.css';

export default function RunnerView(props: { host: HostApi; entry: ListedEntry; theme: 'light' | 'dark' }) {
  const { host, entry } = props;
  const [tools, setTools] = useState<ToolDefinition[]>();
  const [loadError, setLoadError] = useState<string>();
  const [stored, setSelected] = useSelectedTool(entry.id);
  const selected = tools?.some((t) => t.name === stored) ? stored : tools?.[0]?.name;
  const tool = tools?.find((t) => t.name === selected);
  const args = useToolArgs(entry.id, tool);
  const call = useRun(host, entry.id);
  const cases = useCases(host, entry.id);
  const [jsonError, setJsonError] = useState<string>();
  const [timeoutSecs, setTimeoutSecs] = useState('');
  const [savingCase, setSavingCase] = useState(false);
  // Bumped by "Try again": a listing that failed (the server restarting, a dropped connection) is asked for anew.
  const [attempt, setAttempt] = useState(0);

  // The tools as the manifest on disk declares them now: listed again whenever the skill changes.
  useEffect(() => {
    let live = true;
    setTools(undefined);
    setLoadError(undefined);
    let latest = 0;
    const list = () => {
      const mine = ++latest;
      void host.invoke('tools:list', { skillId: entry.id }).then((r) => {
        // Only the newest listing counts: an older answer may arrive after it.
        if (!live || mine !== latest) return;
        if (r.ok) {
          setTools(r.value);
          setLoadError(undefined);
        } else setLoadError(r.error.message);
      });
    };
    list();
    const off = host.on('skills:changed', (change) => {
      if (change.reset || change.ids.includes(entry.id)) list();
    });
    return () => {
      live = false;
      off();
    };
  }, [host, entry.id, attempt]);

  // A replay from the history picks the tool and loads its arguments (once the tools are listed).
  const [replay, setReplay] = useState<Replay>();
  useCommand('replay-run', (r) => {
    if (r.skillId === entry.id) setReplay(r);
  });
  const { setArgsOf } = args;
  useEffect(() => {
    if (!replay || !tools) return;
    setReplay(undefined);
    const t = tools.find((x) => x.name === replay.tool || x.composedName === replay.tool);
    if (!t) return;
    setSelected(t.name);
    setArgsOf(t.name, replay.args);
  }, [replay, tools, setArgsOf, setSelected]);

  // Text that is not a value yet blocks any run; arguments the schema refuses block Run (not "Run anyway").
  const blocked = jsonError ?? (args.invalid.size ? [...args.invalid.values()][0] : undefined);
  const firstProblem = args.errors.size ? [...args.errors.values()][0]?.[0] : undefined;
  const start = (anyway: boolean) => {
    // The messages shown may be a keystroke behind (use-tool-args): Run asks about the value itself.
    if (!tool || blocked || (!anyway && args.checkNow().size)) return;
    const secs = Number(timeoutSecs);
    void call.start(tool.name, args.value ?? {}, timeoutSecs && secs >= 1 ? secs : undefined);
  };
  const run = () => start(false);
  useRunKeys(run, call);

  if (loadError)
    return (
      <div className="problem" role="alert">
        <p>Could not list this skill's tools: {loadError}</p>
        <button onClick={() => setAttempt((n) => n + 1)}>Try again</button>
      </div>
    );
  if (!tools)
    return (
      <p className="empty" role="status">
        Listing tools (MCP servers are started when first needed)…
      </p>
    );
  if (tools.length === 0)
    return (
      <p className="empty">
        This skill declares no tools. Add a <code>tools:</code> list to its frontmatter.
      </p>
    );

  const { running, result } = call;
  const resultHere = result && tool && result.tool === tool.name ? result : undefined;
  return (
    <div className="runner workspace">
      <nav className="tool-list side-pane" aria-label="Tools">
        <h3>Tools</h3>
        <ul role="listbox" aria-label="Tool">
          {tools.map((t) => (
            <li
              key={t.name}
              role="option"
              tabIndex={0}
              aria-selected={t.name === selected}
              className={t.name === selected ? 'active' : ''}
              onClick={() => setSelected(t.name)}
              onKeyDown={(e) => e.key === 'Enter' && setSelected(t.name)}
            >
              <div className="tool-name">
                <code>{t.name}</code> <span className="badge">{t.toolType.type}</span>
                {t.problem ? (
                  <span className="badge warning" title={t.problem}>
                    {t.refused ? 'restricted' : 'unavailable'}
                  </span>
                ) : null}
              </div>
              <div className="muted small-text">{t.description}</div>
            </li>
          ))}
        </ul>
        <CasesPanel
          cases={cases.cases}
          results={cases.results}
          running={cases.running}
          onRun={(names) => void cases.run(names)}
        />
      </nav>
      {tool && args.field ? (
        <div className="call">
          <header className="call-head">
            <h3>
              <code>{tool.composedName}</code>
            </h3>
            <div className="muted">
              {tool.toolType.type} · {tool.runs}
            </div>
            {tool.description ? <p>{tool.description}</p> : null}
            {tool.problem ? (
              <p className="sev-warning" role="status">
                {tool.problem}
                {tool.refused
                  ? ''
                  : ' Until it is reached, its arguments are edited as JSON; running it will try again.'}
              </p>
            ) : null}
          </header>
          {tool.lockedArgs && Object.keys(tool.lockedArgs).length ? (
            <section className="locked" aria-label="Locked arguments">
              <h4>Locked by the manifest</h4>
              {Object.entries(tool.lockedArgs).map(([k, v]) => (
                <label key={k} className="form-row">
                  {k}
                  <input
                    readOnly
                    value={typeof v === 'string' ? v : JSON.stringify(v)}
                    aria-readonly="true"
                  />
                </label>
              ))}
            </section>
          ) : null}
          <div className="call-body">
            <section className="form-pane" aria-label="Arguments form">
              <SchemaForm
                field={args.field}
                value={args.value}
                onChange={args.setValue}
                errors={args.errors}
                onInvalid={args.setInvalid}
                picks={args.picks}
                onPick={args.pick}
                disabled={!!running}
              />
            </section>
            <ArgsJsonEditor
              skillId={entry.id}
              tool={tool}
              value={args.value}
              onChange={args.setValue}
              error={jsonError}
              onError={setJsonError}
              theme={props.theme}
            />
          </div>
          <div className="run-bar">
            {running ? (
              <>
                <button className="primary" onClick={call.cancel}>
                  Cancel
                </button>
                <RunProgress call={call} />
              </>
            ) : (
              <>
                <button
                  className="primary"
                  aria-label="Run tool"
                  onClick={run}
                  disabled={!!blocked || !!firstProblem}
                  aria-describedby={blocked || firstProblem ? 'run-reason' : undefined}
                  title={`Run (${shortcutOf('run')})`}
                >
                  Run
                </button>
                <label className="timeout">
                  Timeout (s)
                  <input
                    inputMode="numeric"
                    value={timeoutSecs}
                    placeholder="default"
                    onChange={(e) => setTimeoutSecs(e.target.value)}
                    size={6}
                  />
                </label>
                {blocked ? (
                  <span id="run-reason" className="sev-error small-text" role="status">
                    Cannot run: {blocked}
                  </span>
                ) : firstProblem ? (
                  <>
                    <span id="run-reason" className="sev-error small-text" role="status">
                      {firstProblem}
                      {args.errors.size > 1 ? ` (and ${args.errors.size - 1} more)` : ''}
                    </span>
                    <button
                      onClick={() => start(true)}
                      title="Send these arguments as they are, to see how the tool itself answers them"
                    >
                      Run anyway
                    </button>
                  </>
                ) : null}
                {resultHere ? <button onClick={() => setSavingCase(true)}>Save as case</button> : null}
              </>
            )}
          </div>
          {resultHere ? <OutputView output={resultHere.output} error={resultHere.error} /> : null}
        </div>
      ) : null}
      {savingCase && resultHere ? (
        <SaveCaseDialog
          result={resultHere}
          args={args.value ?? {}}
          existing={cases.cases.map((c) => c.name)}
          onSave={cases.save}
          onClose={() => setSavingCase(false)}
        />
      ) : null}
    </div>
  );
}
