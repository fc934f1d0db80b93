// The runner (loaded lazily with Monaco): the skill's tools, a form generated from the advertised schema and a JSON
// editor on the same value, locked args read-only, run / cancel with progress, the output, saved cases.
import { Editor, type OnMount } from '@monaco-editor/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CaseResultSummary, SavedCaseView } from '../../../shared/host-types.js';
import type { HostApi, IpcError } from '../../../shared/ipc.js';
import type { JsonValue, LibraryEntry, ToolDefinition, ToolOutput } from '../../../shared/types.js';
import { shortcutOf, type Replay } from '../commands/commands.js';
import { useCommand, useCommandBus } from '../commands/use-commands.js';
import { EDITOR_OPTIONS, monaco, monacoTheme, validateJsonModel } from '../monaco/monaco.js';
import { Modal } from '../ui/Modal.js';
import { OutputView } from './OutputView.js';
import './runner.css';
import { initialValue, normalizeSchema } from './schema-form/schema-form-model.js';
import { SchemaForm } from './schema-form/SchemaForm.js';
import { validateArgs } from './schema-form/validate-args.js';

interface RunState {
  runId: string;
  startedAt: number;
  progress?: { progress?: number; total?: number; message?: string };
}

const CASE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function targetOf(t: ToolDefinition): string {
  const tt = t.toolType;
  switch (tt.type) {
    case 'builtin':
      return tt.handler;
    case 'mcp':
      return `${tt.server} → ${tt.tool}`;
    case 'shell':
      return tt.command;
    case 'script':
      return tt.path;
    case 'http':
      return `${tt.method} ${tt.url}`;
  }
}

export default function RunnerView(props: { host: HostApi; entry: LibraryEntry; theme: 'light' | 'dark' }) {
  const { host, entry } = props;
  const [tools, setTools] = useState<ToolDefinition[]>();
  const [loadError, setLoadError] = useState<string>();
  const [selected, setSelected] = useState<string>();
  const [argsByTool, setArgsByTool] = useState<Record<string, JsonValue | undefined>>({});
  const jsonEditor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  /** True while the form's value is written into the JSON editor (its change event is not the user's). */
  const writingJson = useRef(false);
  const [jsonError, setJsonError] = useState<string>();
  const [invalid, setInvalid] = useState(new Map<string, string>());
  const [run, setRun] = useState<RunState>();
  const [result, setResult] = useState<{ output?: ToolOutput; error?: IpcError; tool: string }>();
  const [cases, setCases] = useState<SavedCaseView[]>([]);
  const [caseResults, setCaseResults] = useState<CaseResultSummary[]>();
  const [casesRunning, setCasesRunning] = useState(false);
  const [saving, setSaving] = useState<{ name: string; contains: string; error?: string }>();
  const [timeoutSecs, setTimeoutSecs] = useState('');
  const [, tick] = useState(0);
  useEffect(() => {
    if (!run) return;
    const timer = setInterval(() => tick((n) => n + 1), 200);
    return () => clearInterval(timer);
  }, [run]);

  useEffect(() => {
    let live = true;
    setTools(undefined);
    setLoadError(undefined);
    void host.invoke('tools:list', { skillId: entry.id }).then((r) => {
      if (!live) return;
      if (r.ok) {
        setTools(r.value);
        setSelected((s) => (s && r.value.some((t) => t.name === s) ? s : r.value[0]?.name));
      } else setLoadError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [host, entry.id]);

  const loadCases = useCallback(() => {
    void host.invoke('cases:list', { skillId: entry.id }).then((r) => setCases(r.ok ? r.value : []));
  }, [host, entry.id]);
  useEffect(loadCases, [loadCases]);

  const tool = tools?.find((t) => t.name === selected);
  const field = useMemo(() => (tool ? normalizeSchema(tool.inputSchema) : undefined), [tool]);
  const initial = useMemo(() => (field ? initialValue(field) : undefined), [field]);
  const value = tool ? (tool.name in argsByTool ? argsByTool[tool.name] : initial) : undefined;

  const setValue = useCallback(
    (v: JsonValue | undefined) => {
      if (!tool) return;
      setArgsByTool((m) => ({ ...m, [tool.name]: v }));
    },
    [tool],
  );

  // A replay from the history picks the tool and loads its arguments (once the tools are listed).
  const [replay, setReplay] = useState<Replay>();
  useCommand('replay-run', (r) => {
    if (r.skillId === entry.id) setReplay(r);
  });
  useEffect(() => {
    if (!replay || !tools) return;
    setReplay(undefined);
    const t = tools.find((x) => x.name === replay.tool || x.composedName === replay.tool);
    if (!t) return;
    setSelected(t.name);
    setArgsByTool((m) => ({ ...m, [t.name]: replay.args }));
  }, [replay, tools]);

  // The JSON editor shows the form's value; typing valid JSON there changes the form (and is not echoed back:
  // `synced` holds the value's text as the editor already shows it).
  const synced = useRef<string | undefined>(undefined);
  useEffect(() => {
    const text = JSON.stringify(value ?? {}, null, 2);
    if (synced.current === text) return;
    synced.current = text;
    setJsonError(undefined);
    // Written imperatively: a controlled `value` would race the user's keystrokes and drop some.
    const ed = jsonEditor.current;
    const model = ed?.getModel();
    if (ed && model && model.getValue() !== text) {
      writingJson.current = true;
      ed.executeEdits('form', [{ range: model.getFullModelRange(), text }]);
      writingJson.current = false;
    }
  }, [value]);

  const errors = useMemo(() => {
    const m = new Map<string, string[]>();
    if (!tool) return m;
    for (const e of validateArgs(tool.inputSchema, value ?? {}))
      m.set(e.pointer, [...(m.get(e.pointer) ?? []), e.message]);
    return m;
  }, [tool, value]);
  const blocked = jsonError ?? (invalid.size ? [...invalid.values()][0] : undefined);

  useEffect(
    () =>
      host.on('runs:progress', (p) => {
        setRun((r) => (r && r.runId === p.runId ? { ...r, progress: p } : r));
      }),
    [host],
  );

  const start = useCallback(async () => {
    if (!tool || run || blocked) return;
    const runId = crypto.randomUUID();
    setRun({ runId, startedAt: Date.now() });
    setResult(undefined);
    const secs = Number(timeoutSecs);
    const r = await host.invoke('tools:run', {
      runId,
      skillId: entry.id,
      tool: tool.name,
      args: value ?? {},
      ...(timeoutSecs && secs >= 1 ? { timeoutSecs: secs } : {}),
    });
    setRun(undefined);
    setResult(r.ok ? { output: r.value, tool: tool.name } : { error: r.error, tool: tool.name });
  }, [tool, run, blocked, host, entry.id, value, timeoutSecs]);

  const cancel = useCallback(() => {
    if (run) void host.invoke('tools:cancel', { runId: run.runId });
  }, [run, host]);

  const bus = useCommandBus();
  useCommand('run', () => void start());
  useCommand('cancel-run', cancel, { enabled: !!run });

  const jsonUri = tool ? `inmemory://skillbench/args/${encodeURIComponent(entry.id)}/${tool.name}.json` : '';
  useEffect(() => {
    if (!tool) return;
    validateJsonModel(jsonUri, `skillbench://schema/${tool.composedName}`, tool.inputSchema);
  }, [tool, jsonUri]);
  const onMount: OnMount = (ed) => {
    jsonEditor.current = ed;
    // Monaco keeps Ctrl/Cmd+Enter to itself (insert a line below): hand it to the bus like the window's keys.
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => bus.dispatch('run'));
  };

  const runCases = async (names?: string[]) => {
    setCasesRunning(true);
    const r = await host.invoke('cases:run', { skillId: entry.id, ...(names ? { names } : {}) });
    setCasesRunning(false);
    setCaseResults(
      r.ok
        ? r.value
        : [{ name: '(all)', tool: '', passed: false, failures: [r.error.message], durationMs: 0 }],
    );
  };

  const saveCase = async () => {
    if (!saving || !result || !tool) return;
    if (!CASE_NAME.test(saving.name))
      return setSaving({
        ...saving,
        error: 'Use letters, digits, ".", "_" or "-" (up to 64), starting with a letter or digit.',
      });
    const expect: Record<string, JsonValue> = { isError: result.output?.isError ?? true };
    if (saving.contains) expect.contains = saving.contains;
    if (result.error) expect.error = result.error.code;
    const r = await host.invoke('cases:save', {
      skillId: entry.id,
      name: saving.name,
      case: { tool: tool.name, args: value ?? {}, expect },
    });
    if (!r.ok) return setSaving({ ...saving, error: r.error.message });
    setSaving(undefined);
    loadCases();
  };

  if (loadError)
    return (
      <p className="problem" role="alert">
        Could not list this skill's tools: {loadError}
      </p>
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

  const elapsed = run ? Math.round((Date.now() - run.startedAt) / 100) / 10 : 0;
  const pct = run?.progress?.total
    ? Math.min(100, (100 * (run.progress.progress ?? 0)) / run.progress.total)
    : undefined;

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
                    unavailable
                  </span>
                ) : null}
              </div>
              <div className="muted small-text">{t.description}</div>
            </li>
          ))}
        </ul>
        <section className="cases" aria-label="Saved cases">
          <h3>
            Cases{' '}
            <button
              className="small"
              disabled={casesRunning || cases.length === 0}
              aria-label="Run all cases"
              onClick={() => void runCases()}
            >
              {casesRunning ? 'Running…' : 'Run all'}
            </button>
          </h3>
          {cases.length === 0 ? (
            <p className="muted">No saved cases. Run a tool, then “Save as case”.</p>
          ) : null}
          <ul>
            {cases.map((c) => {
              const r = caseResults?.find((x) => x.name === c.name);
              return (
                <li key={c.name} className="case">
                  <span className={r ? (r.passed ? 'ok' : 'sev-error') : 'muted'}>
                    {r ? (r.passed ? '✓ pass' : '✗ fail') : '·'}
                  </span>{' '}
                  <code>{c.name}</code>
                  <button
                    className="small"
                    disabled={casesRunning}
                    aria-label={`Run case ${c.name}`}
                    onClick={() => void runCases([c.name])}
                  >
                    Run
                  </button>
                  {c.error ? <div className="sev-error small-text">{c.error}</div> : null}
                  {r && !r.passed ? (
                    <ul className="failures">
                      {r.failures.map((f, i) => (
                        <li key={i}>{f}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {caseResults ? (
            <p className="muted" role="status">
              {caseResults.filter((r) => r.passed).length} of {caseResults.length} passed
            </p>
          ) : null}
        </section>
      </nav>
      {tool && field ? (
        <div className="call">
          <header className="call-head">
            <h3>
              <code>{tool.composedName}</code>
            </h3>
            <div className="muted">
              {tool.toolType.type} · {targetOf(tool)}
            </div>
            {tool.description ? <p>{tool.description}</p> : null}
            {tool.problem ? (
              <p className="sev-warning" role="status">
                {tool.problem} Until it is reached, its arguments are edited as JSON; running it will try
                again.
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
                field={field}
                value={value}
                onChange={setValue}
                errors={errors}
                onInvalid={setInvalid}
                disabled={!!run}
              />
            </section>
            <section className="json-pane" aria-label="Arguments JSON">
              <div className="pane-title">
                JSON {jsonError ? <span className="sev-error small-text">{jsonError}</span> : null}
              </div>
              <div className="json-editor">
                <Editor
                  path={jsonUri}
                  language="json"
                  defaultValue={synced.current ?? '{}'}
                  theme={monacoTheme(props.theme)}
                  onMount={onMount}
                  onChange={(text) => {
                    if (writingJson.current) return;
                    const t = text ?? '';
                    try {
                      const parsed = t.trim() === '' ? {} : (JSON.parse(t) as JsonValue);
                      setJsonError(undefined);
                      synced.current = JSON.stringify(parsed, null, 2); // already shown: not written back
                      setValue(parsed);
                    } catch (e) {
                      setJsonError(`Not valid JSON: ${(e as Error).message}`);
                    }
                  }}
                  options={{
                    ...EDITOR_OPTIONS,
                    fontSize: 12,
                    lineNumbers: 'off',
                    ariaLabel: 'Arguments as JSON',
                  }}
                />
              </div>
            </section>
          </div>
          <div className="run-bar">
            {run ? (
              <>
                <button className="primary" onClick={cancel}>
                  Cancel
                </button>
                <span role="status" className="progress">
                  Running… {elapsed.toFixed(1)} s {run.progress?.message ? `· ${run.progress.message}` : ''}
                  {pct !== undefined ? <progress max={100} value={pct} aria-label="Progress" /> : null}
                </span>
              </>
            ) : (
              <>
                <button
                  className="primary"
                  aria-label="Run tool"
                  onClick={() => void start()}
                  disabled={!!blocked}
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
                  <span className="sev-error small-text" role="alert">
                    Cannot run: {blocked}
                  </span>
                ) : errors.size ? (
                  <span className="sev-warning small-text">
                    {errors.size} argument problem{errors.size === 1 ? '' : 's'}: the tool will refuse them.
                  </span>
                ) : null}
                {result && result.tool === tool.name ? (
                  <button
                    onClick={() =>
                      setSaving({
                        name: `${tool.name}-${cases.length + 1}`,
                        contains:
                          (result.output?.isError
                            ? ''
                            : result.output?.output.split('\n')[0]?.slice(0, 200)) ?? '',
                      })
                    }
                  >
                    Save as case
                  </button>
                ) : null}
              </>
            )}
          </div>
          {result && result.tool === tool.name ? (
            <OutputView output={result.output} error={result.error} />
          ) : null}
        </div>
      ) : null}
      {saving ? (
        <Modal
          title="Save this call as a case"
          onCancel={() => setSaving(undefined)}
          actions={
            <>
              <button className="primary" onClick={() => void saveCase()}>
                Save case
              </button>
              <button onClick={() => setSaving(undefined)}>Cancel</button>
            </>
          }
        >
          <label className="form-row">
            Name
            <input
              value={saving.name}
              onChange={(e) => setSaving({ ...saving, name: e.target.value, error: undefined })}
            />
          </label>
          <label className="form-row">
            Output contains
            <input
              value={saving.contains}
              onChange={(e) => setSaving({ ...saving, contains: e.target.value })}
            />
          </label>
          <p className="muted">
            Saved as <code>tests/{saving.name}.case.json</code> in the skill folder, expecting{' '}
            {result?.output?.isError === false ? 'success' : 'a tool error'}
            {cases.some((c) => c.name === saving.name)
              ? '. A case with this name exists and will be replaced.'
              : '.'}
          </p>
          {saving.error ? (
            <p className="sev-error" role="alert">
              {saving.error}
            </p>
          ) : null}
        </Modal>
      ) : null}
    </div>
  );
}
