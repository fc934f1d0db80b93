// Owns where skills usually live (DESIGN.md "Roots"): the user's and the project's Claude / Agents skill folders.
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RootSpec } from './library.js';

const FOLDERS = [join('.claude', 'skills'), join('.agents', 'skills')];

/** The usual skill folders that exist: `<project>/.claude/skills`, `<project>/.agents/skills`, then the user's. */
export function usualRoots(projectDir: string, home: string = homedir()): RootSpec[] {
  const roots: RootSpec[] = [];
  const add = (path: string, kind: 'project' | 'user') => {
    if (
      existsSync(path) &&
      statSync(path).isDirectory() &&
      !roots.some((r) => resolve(r.path) === resolve(path))
    ) {
      // Ids such as "project-claude" and "user-agents" say where a skill comes from.
      const tool = (FOLDERS.find((f) => path.endsWith(f)) ?? 'skills').split(/[\\/]/)[0]?.replace(/^\./, '');
      roots.push({ path, kind, id: `${kind}-${tool ?? 'skills'}` });
    }
  };
  for (const f of FOLDERS) add(join(projectDir, f), 'project');
  for (const f of FOLDERS) add(join(home, f), 'user');
  return roots;
}
