// A server's tools: the list page by page, and the selected tool called through the runner's schema form and output
// view (the same arguments model, run lifecycle and rendering), with "Wrap as skill tool".
import { useCallback, useMemo, useState } from 'react';
import type { McpToolView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import type { ListedEntry, RootInfo, ToolDefinition } from '../../../shared/types.js';
import { OutputView } from '../runner/OutputView.js';
import { RunProgress } from '../runner/RunProgress.js';
import { SchemaForm } from '../runner/schema-form/SchemaForm.js';
import { useRun, useRunKeys, type StartRun } from '../runner/use-run.js';
import { shortcutOf } from '../commands/commands.js';
import { sessionArgs } from '../runner/args-store.js';
import { useSelectedTool, useToolArgs } from '../runner/use-tool-args.js';
import { usePagedList } from './use-paged-list.js';
import { WrapToolDialog } from './WrapToolDialog.js';

/** A server tool as the runner's hooks know tools (its own schema, no skill around it). */
function asDefinition(server: string, t: McpToolView): ToolDefinition {
  return {
    name: t.name,
    composedName: `${server}__${t.name}`,
    description: t.description ?? '',
    inputSchema: t.inputSchema,
    toolType: { type: 'mcp', server, tool: t.name },
    ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
  };
}

export function ServerTools(props: {
  host: HostApi;
  server: string;
  entries: ListedEntry[];
  roots: RootInfo[];
  onOpenSkill(skillId: string): void;
}) {
  const { host, server } = props;
  const list = usePagedList(host, 'mcp:list-tools', server);
  const [selected, setSelected] = useSelectedTool(`mcp:${server}`);
  const [wrapping, setWrapping] = useState(false);
  const spec = list.items.find((t) => t.name === selected);
  const tool = useMemo(() => (spec ? asDefinition(server, spec) : undefined), [server, spec]);
  const args = useToolArgs(`mcp:${server}`, tool);
  const startRun = useCallback<StartRun>(
    (r) => host.invoke('mcp:call-tool', { ...r, name: server }),
    [host, server],
  );
  const call = useRun(host, `mcp:${server}`, startRun);
  const blocked = args.invalid.size ? [...args.invalid.values()][0] : undefined;
  const run = () => {
    if (tool && !blocked) void call.start(tool.name, args.value ?? {});
  };
  useRunKeys(run, call);
  const resultHere = call.result && tool && call.result.tool === tool.name ? call.result : undefined;

  return (
    <div className="server-split">
      <nav className="side-pane" aria-label="Server tools">
        {list.error ? (
          <p className="problem" role="alert">
            {list.error}
          </p>
        ) : null}
        <ul role="listbox" aria-label="Tool">
          {list.items.map((t) => (
            <li
              key={t.name}
              role="option"
              tabIndex={0}
              aria-selected={t.name === selected}
              className={t.name === selected ? 'active' : ''}
              onClick={() => setSelected(t.name)}
              onKeyDown={(e) => e.key === 'Enter' && setSelected(t.name)}
            >
              <code>{t.name}</code>
              <div className="muted small-text">{t.title ?? t.description}</div>
            </li>
          ))}
        </ul>
        {list.loading ? <p className="muted">Listing…</p> : null}
        {list.nextCursor ? (
          <button onClick={list.more} disabled={list.loading}>
            Load more tools
          </button>
        ) : null}
      </nav>
      {tool && args.field ? (
        <div className="call">
          <header className="call-head">
            <h3>
              <code>{tool.name}</code>
            </h3>
            {tool.description ? <p>{tool.description}</p> : null}
            <button onClick={() => setWrapping(true)}>Wrap as skill tool…</button>
          </header>
          <section className="form-pane" aria-label="Arguments form">
            <SchemaForm
              field={args.field}
              value={args.value}
              onChange={args.setValue}
              errors={args.errors}
              onInvalid={args.setInvalid}
              disabled={!!call.running}
            />
          </section>
          <div className="run-bar">
            {call.running ? (
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
                  aria-label="Call tool"
                  disabled={!!blocked}
                  onClick={run}
                  title={`Call (${shortcutOf('run')})`}
                >
                  Call
                </button>
                {blocked ? (
                  <span className="sev-error small-text" role="alert">
                    Cannot call: {blocked}
                  </span>
                ) : null}
              </>
            )}
          </div>
          {resultHere ? <OutputView output={resultHere.output} error={resultHere.error} /> : null}
        </div>
      ) : (
        <p className="empty">{list.items.length ? 'Pick a tool to call it.' : ''}</p>
      )}
      {wrapping && spec ? (
        <WrapToolDialog
          host={host}
          server={server}
          tool={spec}
          entries={props.entries}
          roots={props.roots}
          onClose={() => setWrapping(false)}
          onWrapped={(skillId, toolName) => {
            setWrapping(false);
            // The runner opens on the new tool.
            sessionArgs.select(skillId, toolName);
            props.onOpenSkill(skillId);
          }}
        />
      ) : null}
    </div>
  );
}
