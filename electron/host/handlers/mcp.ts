// `mcp:*`: the configured MCP servers (those an untrusted root defines shown as such), who may call each, their
// state and tools, and restarting one.
import type { McpServerView } from '../../../shared/host-types.js';
import { SkillError } from '../../../shared/errors.js';
import { transportOf } from '../../core/mcp/config.js';
import type { OwnedServer } from '../../core/trust.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';

function callers(server: OwnedServer): string {
  // The view's `source` already names the file the server comes from.
  return server.owner.kind === 'user'
    ? 'skills of trusted roots'
    : `skills of the root${server.owner.rootIds.size > 1 ? 's' : ''} ${[...server.owner.rootIds].join(', ')}`;
}

export function mcpHandlers(ctx: HostContext): AreaHandlers<'mcp'> {
  /** A server's status, with its tools once it has been reached. */
  const view = (name: string): McpServerView => {
    const { active, blocked } = ctx.workspace.mcpServers;
    const untrusted = blocked[name];
    if (untrusted && !active[name])
      return {
        name,
        state: 'untrusted',
        transport: transportOf(untrusted.config),
        source: untrusted.config.source,
        callers: callers(untrusted),
        error: `Not started: ${untrusted.reason}`,
      };
    const pool = ctx.workspace.pool;
    const status = pool.status().find((x) => x.name === name);
    const server = active[name];
    if (!status || !server) throw new SkillError('NotFound', `No MCP server named "${name}" is configured.`);
    const tools = pool.cachedTools(name);
    return {
      ...status,
      callers: callers(server),
      ...(tools ? { tools: tools.map((t) => ({ name: t.name, description: t.description ?? '' })) } : {}),
    };
  };
  const names = () => {
    const { active, blocked } = ctx.workspace.mcpServers;
    return [...new Set([...Object.keys(active), ...Object.keys(blocked)])];
  };
  return {
    'mcp:list': () => names().map(view),
    'mcp:status': ({ name }) => view(name),
    'mcp:restart': async ({ name }) => {
      if (!ctx.workspace.pool.has(name)) return view(name); // untrusted or unknown: view says which
      try {
        await ctx.workspace.pool.restart(name);
      } catch {
        /* the status below says why */
      }
      return view(name);
    },
  };
}
