// Add server: a stdio server (command, arguments, environment, folder) or a URL server (address, headers), written
// into the MCP servers JSON beside it and saved with it. What the author typed stays in the form until it is saved.
import { useId, useState } from 'react';
import { EMPTY_SERVER_FORM, formProblems, serverEntry, type ServerForm } from './mcp-server-form.js';

export function McpServerForm(props: {
  /** The names already in the JSON (a new one must differ), or why the JSON cannot take one. */
  existing: readonly string[] | { problem: string };
  /** Adds and saves; resolves to the host's refusal, if any (the form keeps its fields then). */
  onAdd: (form: ServerForm) => Promise<string | undefined>;
}) {
  const baseId = useId();
  const [form, setForm] = useState<ServerForm>(EMPTY_SERVER_FORM);
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<string>();
  const [busy, setBusy] = useState(false);
  const existing = Array.isArray(props.existing) ? props.existing : [];
  const jsonProblem = 'problem' in props.existing ? props.existing.problem : undefined;
  const problems = formProblems(form, existing);
  const set = (key: keyof ServerForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setRefused(undefined);
  };
  const shown = (key: keyof ServerForm) => (tried ? problems[key] : undefined);
  const field = (key: keyof ServerForm, label: string, multiline = false, placeholder = '') => {
    const id = `${baseId}-${key}`;
    const common = {
      id,
      value: form[key],
      placeholder,
      'aria-invalid': !!shown(key),
      'aria-describedby': shown(key) ? `${id}-problem` : undefined,
      onChange: set(key),
    };
    return (
      <div className="form-row">
        <label htmlFor={id}>{label}</label>
        {multiline ? <textarea rows={2} {...common} /> : <input {...common} />}
        {shown(key) ? (
          <span id={`${id}-problem`} className="sev-error">
            {shown(key)}
          </span>
        ) : null}
      </div>
    );
  };
  const add = async () => {
    setTried(true);
    if (jsonProblem || Object.keys(problems).length) return;
    setBusy(true);
    const problem = await props.onAdd(form);
    setBusy(false);
    setRefused(problem);
    if (!problem) {
      setForm(EMPTY_SERVER_FORM);
      setTried(false);
    }
  };
  return (
    <form
      className="mcp-server-form"
      aria-label="Add a server"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      {field('name', 'Name', false, 'files')}
      <div className="form-row">
        <label htmlFor={`${baseId}-transport`}>Kind</label>
        <select id={`${baseId}-transport`} value={form.transport} onChange={set('transport')}>
          <option value="stdio">Command (stdio)</option>
          <option value="url">URL (streamable HTTP or SSE)</option>
        </select>
      </div>
      {form.transport === 'stdio' ? (
        <>
          {field('command', 'Command', false, 'npx')}
          {field('args', 'Arguments (one per line)', true)}
          {field('env', 'Environment (KEY=value, one per line)', true)}
          {field('cwd', 'Working folder', false, '${root}')}
        </>
      ) : (
        <>
          {field('url', 'URL', false, 'https://example.com/mcp')}
          {field('headers', 'Headers (Name: value, one per line)', true)}
        </>
      )}
      <pre className="mcp-entry-preview" aria-label="Entry to add">
        {JSON.stringify({ [form.name.trim() || '<name>']: serverEntry(form) }, null, 2)}
      </pre>
      {jsonProblem && tried ? (
        <p className="sev-error" role="alert">
          {jsonProblem}
        </p>
      ) : null}
      {refused ? (
        <p className="sev-error" role="alert">
          Not added: {refused}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add server'}
      </button>
    </form>
  );
}
