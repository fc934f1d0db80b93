// Owns what the tool commands share: finding the skill (by name or folder), the MCP servers, the executor.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { bundledSkillsDir } from '../core/paths.js';
import { loadMcpServers } from '../core/mcp/config.js';
import { McpPool } from '../core/mcp/pool.js';
import { loadLibrary, type RootSpec } from '../core/skills/index.js';
import { Executor, type ExecutorOptions } from '../core/tools/executor.js';
import type { SkillDefinition } from '../../shared/types.js';
import { UsageError, type CliIo } from './io.js';

export interface ToolSession {
  executor: Executor;
  pool: McpPool;
  skill: SkillDefinition;
  close(): Promise<void>;
}

/** SKILL is a folder or manifest path (loaded as its own root) or a name looked up in --root folders and the bundled skills. */
export function openToolSession(
  skillRef: string,
  opts: { roots?: string[]; mcpConfig?: string },
  io: CliIo,
  executorOptions: ExecutorOptions = {},
): ToolSession {
  const asPath = resolve(io.cwd, skillRef);
  const isPath =
    /[\\/]/.test(skillRef) || skillRef === '.' ? true : existsSync(asPath) && statSync(asPath).isDirectory();
  const roots: RootSpec[] = [];
  if (isPath) {
    if (!existsSync(asPath)) throw new UsageError(`No such skill folder: ${skillRef}`);
    roots.push({ path: asPath, kind: 'project' });
  } else {
    for (const r of opts.roots ?? []) roots.push({ path: resolve(io.cwd, r), kind: 'project' });
    roots.push({ path: bundledSkillsDir(), kind: 'bundled' });
  }
  const library = loadLibrary(roots);
  const pool = new McpPool(
    loadMcpServers(
      roots.map((r) => r.path),
      opts.mcpConfig ? resolve(io.cwd, opts.mcpConfig) : undefined,
    ),
  );
  const executor = new Executor(library.entries, { ...executorOptions, mcp: pool });
  const skill = isPath
    ? (library.entries.find((e) => e.skill && e.status !== 'excluded')?.skill ?? executor.skill(asPath))
    : executor.skill(skillRef);
  return { executor, pool, skill, close: () => pool.close() };
}
