// Owns a library's roots: their order (project before user by default, bundled last; Claude Code's own order under its
// profile) and their unique ids.
import { basename, resolve } from 'node:path';
import type { AgentReader, RootInfo, ValidationProfile } from '../../../shared/types.js';

type RootKind = RootInfo['kind'];

export interface RootSpec {
  path: string;
  kind?: RootKind;
  /** Defaults to the folder's name (or "bundled"), made unique. */
  id?: string;
  /** The agents that read skills from this folder (an agent's skill folder): each skill is checked as they read it. */
  readers?: AgentReader[];
}

/** Ordered roots with unique ids: project before user by default (or the reverse), bundled last. */
export function resolveRoots(
  specs: readonly RootSpec[],
  precedence: 'project' | 'user' = 'project',
): RootInfo[] {
  const order = KIND_ORDER[precedence];
  const sorted = specs
    .map((s, i) => ({ s, i }))
    .sort((a, b) => order[a.s.kind ?? 'project'] - order[b.s.kind ?? 'project'] || a.i - b.i)
    .map((x) => x.s);
  const used = new Set<string>();
  return sorted.map((s) => {
    const kind = s.kind ?? 'project';
    const base =
      (s.id ?? (kind === 'bundled' ? 'bundled' : basename(resolve(s.path)))).replace(/[^\w.-]+/g, '-') ||
      'root';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return {
      id,
      path: resolve(s.path),
      kind,
      trusted: kind === 'bundled',
      ...(s.readers?.length ? { readers: s.readers } : {}),
    };
  });
}

/** The precedence a library applies: Claude Code's own (personal skills first) under its profile. */
export function rootPrecedence(options: {
  profile?: ValidationProfile;
  precedence?: 'project' | 'user';
}): 'project' | 'user' {
  return options.profile === 'claude-code' ? 'user' : (options.precedence ?? 'project');
}

const KIND_ORDER: Record<'project' | 'user', Record<RootKind, number>> = {
  project: { project: 0, user: 1, bundled: 2 },
  user: { user: 0, project: 1, bundled: 2 },
};
