// Owns what the tool commands share: the workspace a SKILL argument opens, and the skill it names.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SkillDefinition } from '../../shared/types.js';
import { bundledSkillsDir } from '../core/paths.js';
import type { RootSpec } from '../core/skills/index.js';
import { Workspace, type WorkspaceOptions } from '../core/workspace.js';
import { SkillError } from '../../shared/errors.js';
import type { CliIo } from './io.js';
import { cliTrust } from './trust.js';

interface ToolSession {
  workspace: Workspace;
  skill: SkillDefinition;
  close(): Promise<void>;
}

/** SKILL is a folder or manifest path (loaded as its own root) or a name looked up in --root folders and the bundled skills. */
export function openToolSession(
  skillRef: string,
  opts: { roots?: string[]; mcpConfig?: string; trust?: boolean },
  io: CliIo,
  extra: Pick<WorkspaceOptions, 'history' | 'excludedSkillTools'> = {},
): ToolSession {
  const asPath = resolve(io.cwd, skillRef);
  const isPath =
    /[\\/]/.test(skillRef) || skillRef === '.' ? true : existsSync(asPath) && statSync(asPath).isDirectory();
  const roots: RootSpec[] = [];
  if (isPath) {
    if (!existsSync(asPath)) throw new SkillError('NotFound', `No such skill folder: ${skillRef}`);
    roots.push({ path: asPath, kind: 'project' });
  } else {
    for (const r of opts.roots ?? []) roots.push({ path: resolve(io.cwd, r), kind: 'project' });
    roots.push({ path: bundledSkillsDir(), kind: 'bundled' });
  }
  const workspace = Workspace.open({
    ...extra,
    roots,
    trust: cliTrust(opts.trust),
    ...(opts.mcpConfig ? { mcpConfigFile: resolve(io.cwd, opts.mcpConfig) } : {}),
  });
  let skill: SkillDefinition;
  try {
    skill = isPath
      ? (workspace.entries.find((e) => e.skill && e.status !== 'excluded')?.skill ?? workspace.skill(asPath))
      : workspace.skill(skillRef);
  } catch (error) {
    void workspace.close(); // an unknown skill (NotFound) must not leave the workspace open
    throw error;
  }
  return { workspace, skill, close: () => workspace.close() };
}
