// `mcp:*`: the configured MCP servers, their state and tools, and restarting one.
import type { McpServerView } from '../../../shared/host-types.js';
import { SkillError } from '../../../shared/errors.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';

export function mcpHandlers(ctx: HostContext): AreaHandlers<'mcp'> {
  /** A server's status, with its tools once it has been reached. */
  const view = (name: string): McpServerView => {
    const pool = ctx.workspace.pool;
    const status = pool.status().find((x) => x.name === name);
    if (!status) throw new SkillError('NotFound', `No MCP server named "${name}" is configured.`);
    const tools = pool.cachedTools(name);
    return {
      ...status,
      ...(tools ? { tools: tools.map((t) => ({ name: t.name, description: t.description ?? '' })) } : {}),
    };
  };
  return {
    'mcp:list': () => ctx.workspace.pool.status().map((s) => view(s.name)),
    'mcp:status': ({ name }) => view(name),
    'mcp:restart': async ({ name }) => {
      if (!ctx.workspace.pool.has(name))
        throw new SkillError('NotFound', `No MCP server named "${name}" is configured.`);
      try {
        await ctx.workspace.pool.restart(name);
      } catch {
        /* the status below says why */
      }
      return view(name);
    },
  };
}
