// A tool's result as a user needs to read it: state and duration, text, structured JSON as a collapsible tree,
// images, resources, standard error; everything copyable.
// Tested by: test/unit/renderer/runner/output-view.test.tsx
import { useState } from 'react';
import type { IpcError } from '../../../shared/ipc.js';
import type { JsonValue, ToolOutput } from '../../../shared/types.js';
import { parseStructured } from '../../../shared/structured.js';
import { formatDuration } from '../ui/format.js';
import { base64Bytes, formatBytes } from '../../../shared/units.js';

/** What the status line says of output cut at the cap: up front, not at the end of a long scroll. */
function truncationNote(t: NonNullable<ToolOutput['truncated']>): string {
  const of = t.totalBytes !== undefined ? ` of ${formatBytes(t.totalBytes)}` : '';
  return ` — output truncated at ${formatBytes(t.atBytes)}${of}`;
}

/** An audio block's type that may go into a data: URL as it is. */
const PLAYABLE_AUDIO = /^audio\/[a-z0-9.+-]+$/i;

export function JsonTree(props: { value: JsonValue; name?: string; depth?: number }) {
  const { value, name } = props;
  const depth = props.depth ?? 0;
  const key = name !== undefined ? <span className="json-key">{name}: </span> : null;
  if (value === null || typeof value !== 'object')
    return (
      <div className="json-leaf">
        {key}
        <span className={`json-${value === null ? 'null' : typeof value}`}>{JSON.stringify(value)}</span>
      </div>
    );
  const entries: Array<[string, JsonValue]> = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value);
  const summary = Array.isArray(value) ? `[${value.length}]` : `{${entries.length}}`;
  return (
    <details className="json-node" open={depth < 2}>
      <summary>
        {key}
        <span className="muted">{summary}</span>
      </summary>
      {entries.map(([k, v]) => (
        <JsonTree key={k} name={k} value={v} depth={depth + 1} />
      ))}
    </details>
  );
}

function CopyButton(props: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      className="small"
      onClick={() =>
        void navigator.clipboard.writeText(props.text).then(
          () => {
            setDone(true);
            setTimeout(() => setDone(false), 1500);
          },
          () => setDone(false),
        )
      }
    >
      {done ? 'Copied' : props.label}
    </button>
  );
}

export function OutputView(props: { output?: ToolOutput; error?: IpcError }) {
  const { output, error } = props;
  const [view, setView] = useState<'text' | 'json'>('text');
  if (error)
    return (
      <section className="output is-error" aria-label="Output">
        <div className="output-head">
          <strong className="sev-error">
            {error.code === 'Cancelled' ? 'Cancelled' : `Failed: ${error.code}`}
          </strong>
        </div>
        <pre className="output-text">{error.message}</pre>
      </section>
    );
  if (!output) return null;
  const structured = output.structured ?? parseStructured(output.output);
  return (
    <section className={`output${output.isError ? ' is-error' : ''}`} aria-label="Output">
      <div className="output-head">
        <strong className={output.isError ? 'sev-error' : 'ok'}>
          {output.isError ? 'Tool error' : 'OK'}
          {output.truncated ? <span className="sev-warning">{truncationNote(output.truncated)}</span> : null}
        </strong>
        <span className="muted">
          {formatDuration(output.durationMs)}
          {output.exitCode !== undefined ? ` · exit ${output.exitCode}` : ''}
          {output.httpStatus !== undefined ? ` · HTTP ${output.httpStatus}` : ''}
        </span>
        {structured !== undefined ? (
          <div className="segmented" role="group" aria-label="Output view">
            <button aria-pressed={view === 'text'} onClick={() => setView('text')}>
              Text
            </button>
            <button aria-pressed={view === 'json'} onClick={() => setView('json')}>
              JSON
            </button>
          </div>
        ) : null}
        <CopyButton text={output.output} label="Copy output" />
      </div>
      {view === 'json' && structured !== undefined ? (
        <div className="json-tree" aria-label="JSON output">
          <JsonTree value={structured} />
        </div>
      ) : (
        <pre className="output-text" aria-label="Text output">
          {output.output || <span className="muted">(no text output)</span>}
        </pre>
      )}
      {(output.content ?? []).map((block, i, all) =>
        block.type === 'image' ? (
          <img
            key={i}
            className="output-image"
            alt={`Image ${all.slice(0, i + 1).filter((b) => b.type === 'image').length} (${block.mimeType})`}
            src={`data:${block.mimeType};base64,${block.data}`}
          />
        ) : block.type === 'audio' ? (
          // Played from its data: URL (the CSP's media-src allows data:); a type that is not a plain audio/* type
          // is shown but not played, so a server's text never shapes the URL.
          <figure key={i} className="output-resource" aria-label={`Audio (${block.mimeType})`}>
            {PLAYABLE_AUDIO.test(block.mimeType) ? (
              <audio controls preload="metadata" src={`data:${block.mimeType};base64,${block.data}`} />
            ) : null}
            <figcaption>
              Audio <span className="muted">{block.mimeType}</span>{' '}
              <span className="muted">{base64Bytes(block.data)} bytes</span>
            </figcaption>
          </figure>
        ) : block.type === 'resource' ? (
          <div key={i} className="output-resource">
            <div>
              Resource <code>{block.uri}</code>{' '}
              {block.mimeType ? <span className="muted">{block.mimeType}</span> : null}
            </div>
            {block.text !== undefined ? <pre className="output-text">{block.text}</pre> : null}
            {block.blob !== undefined ? (
              <span className="muted">{base64Bytes(block.blob)} bytes of binary data</span>
            ) : null}
          </div>
        ) : null,
      )}
      {output.stderr ? (
        <details className="stderr" open={output.isError}>
          <summary>Standard error</summary>
          <pre className="output-text">{output.stderr}</pre>
          <CopyButton text={output.stderr} label="Copy stderr" />
        </details>
      ) : null}
    </section>
  );
}
