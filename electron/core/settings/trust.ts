// Owns workspace trust (issue 12, modelled on VS Code's Restricted Mode): what a root may run. In a root the user
// has not trusted, nothing the library supplies runs: no MCP server from its config, no shell or script tool, no
// built-in `shell` elevation. A server is called only by the skills of the root whose config defines it; the
// user's own servers (settings, --mcp-config) only by skills of trusted roots.
import { realpathSync, statSync } from 'node:fs';
import { bangCommands } from '../../../shared/syntax/instructions.js';
import type { RootInfo, SkillDefinition, SkillTool } from '../../../shared/types.js';
import { isWithin } from '../fs/confine.js';
import type { McpServerConfig } from '../mcp/config.js';
import { describeTool, mcpServerOf, runsLocalCode } from '../tools/kinds/registry.js';

/** Who may call a server: the roots whose config defines it, or the user (settings, an explicit file). */
export type ServerOwner =
  { kind: 'roots'; rootIds: ReadonlySet<string>; file: string } | { kind: 'user'; file: string };

export interface OwnedServer {
  config: McpServerConfig;
  owner: ServerOwner;
}

/** A server an untrusted root's config defines: shown, never started. */
export interface BlockedServer extends OwnedServer {
  reason: string;
}

/** Why a skill in `root` may not call `tool` (given the servers as configured), or undefined when it may. */
export function trustRefusal(
  root: RootInfo | undefined,
  skillName: string,
  tool: SkillTool,
  servers: {
    active: Readonly<Record<string, OwnedServer>>;
    blocked: Readonly<Record<string, BlockedServer>>;
  },
): string | undefined {
  if (!root) return undefined; // direct use of the registry: the user's own call
  const what = `Tool "${tool.name}" of skill "${skillName}"`;
  if (!root.trusted && runsLocalCode(tool))
    return `${what} runs local code (${describeTool(tool)}) from the root "${root.id}" (${root.path}), which you have not trusted. Trust the root to run its tools.`;
  const server = mcpServerOf(tool);
  if (server === undefined) return undefined;
  const blocked = servers.blocked[server];
  if (blocked && !servers.active[server])
    return `${what} calls the MCP server "${server}" from ${blocked.owner.file}: ${blocked.reason}`;
  const active = servers.active[server];
  if (!active) return undefined; // unknown server: the kind reports it
  if (active.owner.kind === 'user')
    return root.trusted
      ? undefined
      : `${what} calls your own MCP server "${server}" (${active.owner.file}); skills of a root you have not trusted may not use your servers. Trust the root "${root.id}" first.`;
  return active.owner.rootIds.has(root.id)
    ? undefined
    : `${what} calls the MCP server "${server}", which ${active.owner.file} defines for another root; a server is called only by the skills of the root that defines it.`;
}

/**
 * Whether a skill declares something a restricted root holds back: a tool that runs local code (its kind says) or
 * calls an MCP server, or a `` !`command` `` line. A skill of instructions and safe built-ins runs nothing.
 */
export function declaresRunnable(skill: Pick<SkillDefinition, 'tools' | 'instructions'>): boolean {
  return (
    skill.tools.some((t) => runsLocalCode(t) || mcpServerOf(t) !== undefined) ||
    bangCommands(skill.instructions).length > 0
  );
}

/**
 * A folder's identity for remembering trust: its real path, device and inode. A folder deleted and replaced by
 * another at the same path (a fresh clone, an unpacked download) is a different folder, and not trusted.
 */
export function folderIdentity(path: string): { path: string; identity: string } | undefined {
  try {
    const real = realpathSync.native(path);
    const stat = statSync(real);
    return { path: real, identity: `${stat.dev}:${stat.ino}` };
  } catch {
    return undefined;
  }
}

/**
 * Whether `root` is a remembered trusted folder or inside one (a trusted project covers the agents' skill folders in
 * it, `.claude/skills` and `.agents/skills`, where installs land). The trusted folder must still be the one trusted:
 * same real path, same identity.
 */
export function isTrustedFolder(
  root: RootInfo,
  trusted: ReadonlyArray<{ path: string; identity: string }>,
): boolean {
  const id = folderIdentity(root.path);
  if (!id) return false;
  return trusted.some(
    (t) =>
      isWithin(t.path, id.path) &&
      (t.path === id.path ? t.identity === id.identity : folderIdentity(t.path)?.identity === t.identity),
  );
}
