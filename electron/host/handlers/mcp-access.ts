// How the MCP handlers reach a server: through the pool, refusing one an untrusted root defines, and the SDK's
// values as the contract's JSON views.
import { SkillError } from '../../../shared/errors.js';
import type { McpPool } from '../../core/mcp/pool.js';
import type { HostContext } from '../context.js';

/** SDK values (zod-parsed JSON) as the contract's JSON views. */
export const json = <T>(value: unknown): T => value as T;

/** The pool, for a server that may start: an untrusted root's server is refused with the reason. */
export function poolFor(ctx: HostContext): (name: string) => McpPool {
  return (name) => {
    const { active, blocked } = ctx.workspace.mcpServers;
    const untrusted = blocked[name];
    if (untrusted && !active[name])
      throw new SkillError('PermissionDenied', `Not started: ${untrusted.reason}`);
    return ctx.workspace.pool;
  };
}
