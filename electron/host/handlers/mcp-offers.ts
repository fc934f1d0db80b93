// `mcp:*` of what a server offers: its tools, resources, templates and prompts page by page, calling a tool (as a
// tracked run through the executor), reading and subscribing to resources, prompts and completions.
import type { McpPromptResultView, McpResourceContentsView } from '../../../shared/host-types.js';
import type { JsonValue } from '../../../shared/types.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';
import { json, poolFor } from './mcp-access.js';
import { trackWork } from './runs.js';

type OfferChannel =
  | 'mcp:list-tools'
  | 'mcp:list-resources'
  | 'mcp:list-templates'
  | 'mcp:list-prompts'
  | 'mcp:call-tool'
  | 'mcp:read-resource'
  | 'mcp:subscribe'
  | 'mcp:get-prompt'
  | 'mcp:complete';

export function mcpOfferHandlers(ctx: HostContext): Pick<AreaHandlers<'mcp'>, OfferChannel> {
  const pool = poolFor(ctx);
  const page = async <T>(
    name: string,
    what: 'tools' | 'resources' | 'resourceTemplates' | 'prompts',
    cursor: string | undefined,
  ) => {
    const p = await pool(name).listPage(name, what, cursor);
    return { items: json<T[]>(p.items), ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
  };
  return {
    'mcp:list-tools': ({ name, cursor }) => page(name, 'tools', cursor),
    'mcp:list-resources': ({ name, cursor }) => page(name, 'resources', cursor),
    'mcp:list-templates': ({ name, cursor }) => page(name, 'resourceTemplates', cursor),
    'mcp:list-prompts': ({ name, cursor }) => page(name, 'prompts', cursor),
    // Through the executor's direct path, like any registry tool: the tool policy, argument validation against the
    // server's schema, the same output conversion as a skill's `kind: mcp` tool, and the history.
    'mcp:call-tool': ({ runId, name, tool, args, timeoutSecs }) => {
      pool(name);
      return trackWork(ctx, runId, `${name}__${tool} failed`, (signal, onProgress) =>
        ctx.workspace.executor.executeDirect(`${name}__${tool}`, args as JsonValue, {
          signal,
          ...(timeoutSecs ? { timeoutSecs } : {}),
          onProgress,
        }),
      );
    },
    'mcp:read-resource': async ({ name, uri }) =>
      json<McpResourceContentsView>(await pool(name).readResource(name, uri)),
    'mcp:subscribe': async ({ name, uri, subscribed }) => {
      await pool(name).subscribe(name, uri, subscribed);
      return { subscribed };
    },
    'mcp:get-prompt': async ({ name, prompt, args }) =>
      json<McpPromptResultView>(await pool(name).getPrompt(name, prompt, args)),
    'mcp:complete': async ({ name, ref, argument, context }) => ({
      values: await pool(name).complete(name, {
        ref,
        argument,
        ...(context ? { context: { arguments: context } } : {}),
      }),
    }),
  };
}
