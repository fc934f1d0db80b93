// `skillbench mcp list`: configured servers, whether they start, and their tools.
import { resolve } from 'node:path';
import { bundledSkillsDir } from '../../core/paths.js';
import type { McpPool } from '../../core/mcp/pool.js';
import { Workspace } from '../../core/workspace.js';
import { UsageError, type CliIo } from '../io.js';
import { cliTrust } from '../trust.js';
import { parseFormat } from '../library-args.js';
import { reportError } from './tools.js';

export async function runMcp(
  a: { sub?: string; roots?: string[]; mcpConfig?: string; format?: string; trust?: boolean },
  io: CliIo,
): Promise<number> {
  if (a.sub !== 'list')
    throw new UsageError(
      'Usage: skillbench mcp list [--root PATH]... [--mcp-config FILE] [--format text|json]',
    );
  const format = parseFormat(a.format, ['text', 'json'] as const);
  let pool: McpPool;
  let workspace: Workspace;
  try {
    workspace = Workspace.open({
      roots: [
        ...(a.roots ?? []).map((r) => ({ path: resolve(io.cwd, r), kind: 'project' as const })),
        { path: bundledSkillsDir(), kind: 'bundled' },
      ],
      ...(a.mcpConfig ? { mcpConfigFile: resolve(io.cwd, a.mcpConfig) } : {}),
      trust: cliTrust(a.trust),
    });
    pool = workspace.pool;
  } catch (error) {
    return reportError(error, format, io);
  }
  try {
    const servers = [];
    for (const s of pool.status()) {
      try {
        const tools = await pool.listTools(s.name);
        servers.push({
          ...pool.status().find((x) => x.name === s.name),
          tools: tools.map((t) => ({ name: t.name, description: t.description ?? '' })),
        });
      } catch (error) {
        servers.push({
          ...pool.status().find((x) => x.name === s.name),
          error: (error as Error).message,
          tools: [],
        });
      }
    }
    const { active, blocked } = workspace.mcpServers;
    for (const [name, s] of Object.entries(blocked)) {
      if (active[name]) continue;
      servers.push({
        name,
        state: 'untrusted',
        transport: s.config.url ? 'http' : 'stdio',
        source: s.config.source,
        error: `not started: ${s.reason} (or pass --trust)`,
        tools: [],
      });
    }
    if (format === 'json') io.stdout(`${JSON.stringify({ servers }, null, 2)}\n`);
    else {
      if (servers.length === 0)
        io.stdout('No MCP servers configured (.skillbench/mcp.json in a root, or --mcp-config FILE).\n');
      for (const s of servers) {
        io.stdout(`${s.name}  ${s.state}  ${s.transport}  ${s.source}\n`);
        if ('error' in s && s.error) io.stdout(`  error: ${s.error}\n`);
        for (const t of s.tools) io.stdout(`  ${s.name}__${t.name}  ${t.description}\n`);
      }
    }
    return servers.some((s) => s.state === 'failed') ? 1 : 0;
  } finally {
    await pool.close();
  }
}
