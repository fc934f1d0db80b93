// `settings:*`: the app's settings; a change rebuilds the workspace (roots, profile, precedence, MCP servers).
import type { JsonValue } from '../../../shared/types.js';
import { parseMcpConfig } from '../../core/mcp/config.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';

export function settingsHandlers(ctx: HostContext): AreaHandlers<'settings'> {
  return {
    'settings:get': () => ctx.settings.get(),
    'settings:set': ({ settings }) => {
      // MCP servers are checked the way a root's mcp.json is, before anything is saved.
      const servers = (settings as { mcpServers?: unknown } | null)?.mcpServers;
      const dir = ctx.options.userDataDir;
      if (servers !== undefined) parseMcpConfig({ mcpServers: servers }, 'Settings', dir, dir);
      const next = ctx.settings.set(settings as JsonValue);
      ctx.reconfigure();
      ctx.options.platform?.settingsChanged?.(next);
      return next;
    },
  };
}
