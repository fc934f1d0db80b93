// `mcp:*`: the configured MCP servers (those an untrusted root defines shown as such), who may call each, their
// state and tools, restarting one, their protocol log and export. What a server offers is in mcp-offers.ts, the
// requests it makes of the app (sampling, elicitation) and wrapping its tools in mcp-client.ts.
import type { McpProtocolEntryView, McpServerInfoView, McpServerView } from '../../../shared/host-types.js';
import { SkillError } from '../../../shared/errors.js';
import { exportMcpServers, transportOf, type McpServerConfig } from '../../core/mcp/config.js';
import type { OwnedServer } from '../../core/settings/trust.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';
import { json, poolFor } from './mcp-access.js';
import { mcpClientHandlers } from './mcp-client.js';
import { mcpOfferHandlers } from './mcp-offers.js';

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
  const pool = poolFor(ctx);
  return {
    ...mcpOfferHandlers(ctx),
    ...mcpClientHandlers(ctx),
    'mcp:info': async ({ name }) => json<McpServerInfoView>(await pool(name).info(name)),
    'mcp:disconnect': async ({ name }) => {
      await pool(name).disconnect(name);
      return view(name);
    },
    'mcp:set-logging-level': async ({ name, level }) => {
      await pool(name).setLoggingLevel(
        name,
        level as Parameters<ReturnType<typeof pool>['setLoggingLevel']>[1],
      );
      return { level };
    },
    'mcp:ping': async ({ name }) => ({ ms: await pool(name).ping(name) }),
    'mcp:protocol-log': ({ name }) => {
      if (!names().includes(name))
        throw new SkillError('NotFound', `No MCP server named "${name}" is configured.`);
      const p = ctx.workspace.pool;
      return { entries: json<McpProtocolEntryView[]>(p.protocolLog(name)), stderr: p.stderr(name) };
    },
    'mcp:export': ({ names: only }) => {
      const { active, blocked } = ctx.workspace.mcpServers;
      const configs: Record<string, McpServerConfig> = {};
      for (const [n, s] of Object.entries({ ...blocked, ...active })) configs[n] = s.config;
      return exportMcpServers(configs, only ?? []);
    },
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
