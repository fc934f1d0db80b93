// Owns turning the CLI's PATH arguments into a workspace (shared by validate, list, prompt and test).
import { existsSync, statSync } from 'node:fs';
import { basename, isAbsolute, relative, resolve } from 'node:path';
import type { Diagnostic, LibraryEntry, ValidationProfile } from '../../shared/types.js';
import { VALIDATION_PROFILES } from '../../shared/types.js';
import { bundledSkillsDir } from '../core/paths.js';
import { isManifestFileName } from '../../shared/manifest-formats.js';
import type { RootSpec } from '../core/skills/index.js';
import { agentById, agentContext, readsSharedFolder } from '../core/agents/folders.js';
import { agentsReading, linkScopes, usualRoots } from '../core/skills/usual-roots.js';
import { Workspace, type WorkspaceOptions } from '../core/workspace.js';
import { UsageError, type CliIo } from './io.js';

export interface LibraryArgs {
  paths: string[];
  profile?: string;
  withBundled?: boolean;
  /** Also load every agent's skill folder (the agent table), in <cwd> and under the home folder. */
  discover?: boolean;
}

/** PATHs given: those roots (plus the bundled skills with --with-bundled). No PATH: the bundled skills. */
export function openFromArgs(
  args: LibraryArgs,
  io: CliIo,
  extra: Omit<WorkspaceOptions, 'roots' | 'profile'> = {},
): Workspace {
  const roots: RootSpec[] = [];
  const ctx = agentContext();
  // Links may lead into the project of an agent folder given (or the working folder with --discover, which reads its
  // agents' folders) and into the agents' user folders; a plain folder given opens no project around it.
  const projects = args.discover ? [io.cwd] : [];
  for (const p of args.paths) {
    const abs = resolve(io.cwd, p);
    if (!existsSync(abs)) throw new UsageError(`No such file or folder: ${p}`);
    if (statSync(abs).isFile() && !isManifestFileName(basename(abs))) {
      throw new UsageError(
        `${p} is not a skill manifest: give a folder, or a SKILL.md, SKILL.toml, manifest.toml or skill.json file.`,
      );
    }
    // An agent's skill folder given by path is checked as that agent reads it, like one --discover finds.
    const { readers, project } = agentsReading(abs, ctx);
    if (project) projects.push(project);
    roots.push({ path: abs, kind: 'project', ...(readers.length ? { readers } : {}) });
  }
  if (args.discover) roots.push(...usualRoots(io.cwd, ctx));
  if (roots.length === 0 || args.withBundled) roots.push({ path: bundledSkillsDir(), kind: 'bundled' });
  return Workspace.open({
    ...extra,
    roots,
    profile: parseProfile(args.profile),
    linkScopes: linkScopes(projects, ctx),
  });
}

export function parseProfile(value: string | undefined): ValidationProfile {
  if (value === undefined) return 'skillbench';
  if ((VALIDATION_PROFILES as readonly string[]).includes(value)) return value as ValidationProfile;
  throw new UsageError(`Unknown profile "${value}". Use one of: ${VALIDATION_PROFILES.join(', ')}.`);
}

export function parseFormat<T extends string>(value: string | undefined, allowed: readonly T[]): T {
  if (value === undefined) return allowed[0] as T;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`Unknown format "${value}". Use one of: ${allowed.join(', ')}.`);
}

/** A path relative to the working directory when it is inside it, for readable output. */
export function displayPath(io: CliIo, path: string): string {
  const rel = relative(io.cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/**
 * Agent ids with the two dozen agents that read `.agents/skills` counted, not listed, when more than three of them
 * read the skill; Skillbench's own name for the shared folder is then left out too.
 */
function countingShared(
  ids: readonly string[],
  name: (id: string) => string,
  count: (n: number) => string,
): string[] {
  const shared = ids.filter((id) => {
    const agent = agentById(id);
    return agent !== undefined && readsSharedFolder(agent) && !agent.skillbenchOnly;
  });
  if (shared.length <= 3) return ids.map(name);
  const others = ids.filter((id) => !shared.includes(id) && !agentById(id)?.skillbenchOnly);
  return [...others.map(name), count(shared.length)];
}

/** Agent ids for a text column (`claude-code,windsurf,.agents/skills(24)`); JSON output lists them all. */
export function agentsColumn(ids: readonly string[]): string {
  return (
    countingShared(
      ids,
      (id) => id,
      (n) => `.agents/skills(${n})`,
    ).join(',') || '-'
  );
}

export function diagnosticJson(d: Diagnostic) {
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    file: d.file,
    line: d.line,
    column: d.column,
    endLine: d.endLine ?? d.line,
    endColumn: d.endColumn ?? d.column,
    ...(d.profiles ? { profiles: d.profiles } : {}),
    ...(d.fix ? { fix: d.fix } : {}),
  };
}

/** The agents reading an entry, by name: "Claude Code, the 24 agents of .agents/skills". */
export function readersText(e: LibraryEntry): string {
  return countingShared(
    e.readers ?? [],
    (id) => agentById(id)?.displayName ?? id,
    (n) => `the ${n} agents of .agents/skills`,
  ).join(', ');
}

export function entrySummary(e: LibraryEntry) {
  return {
    id: e.id,
    name: e.skill?.name ?? null,
    path: e.path,
    format: e.format,
    status: e.status,
    ...(e.reason ? { reason: e.reason } : {}),
    ...(e.readers ? { readers: e.readers } : {}),
    ...(e.alsoAt ? { alsoAt: e.alsoAt } : {}),
    diagnostics: e.diagnostics.map(diagnosticJson),
  };
}
