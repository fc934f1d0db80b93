// `skillbench add | remove | update | sync | pack | agents` and `list --installed`: managing skills across
// agents. Each prints what it found and did (text, or JSON with --format json); the work is core's (core/manage).
// Ctrl-C cancels add, update and sync cleanly (git stopped, a half-done install undone): exit 130.
// One concern, the command family's edge: the subcommands share option checking, the cancel wiring and the
// printing of findings and results, and each is a short mapping onto core; the work itself lives in core/manage.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import type { Diagnostic, ValidationProfile } from '../../../shared/types.js';
import { formatBytes } from '../../../shared/units.js';
import {
  AGENTS,
  agentContext,
  agentFolder,
  agentsByIds,
  readsSharedFolder,
  type Agent,
  type Scope,
} from '../../core/agents/folders.js';
import { gitBaseOption } from '../../core/app-data.js';
import { isCancelled } from '../../core/manage/cancel.js';
import {
  blockedFor,
  fetchAndInspect,
  pathInSource,
  type InspectedSkill,
  type SourceInspection,
} from '../../core/manage/inspect.js';
import { duplicateNames, installProfiles, installSkills, planInstall } from '../../core/manage/install.js';
import type { ManageBase } from '../../core/manage/base.js';
import { packSkill } from '../../core/manage/pack.js';
import { parseSource } from '../../core/manage/source.js';
import { syncProject, updateSkills, type UpdateCheck } from '../../core/manage/update.js';
import { withCancel } from '../cancel.js';
import { UsageError, type CliIo } from '../io.js';
import { agentsColumn, displayPath, parseFormat } from '../library-args.js';
import { listInstalled } from '../../core/manage/installed.js';
import { removeSkills } from '../../core/manage/remove.js';

interface ManageOptions {
  skill?: string[];
  agent?: string[];
  global?: boolean;
  copy?: boolean;
  yes?: boolean;
  force?: boolean;
  check?: boolean;
  output?: string;
  format?: string;
}

/** Without --agent: Claude Code (in link mode the shared copy in .agents/skills also serves the agents reading it). */
const DEFAULT_AGENTS = ['claude-code'];

function baseOf(io: CliIo): ManageBase {
  return {
    project: io.cwd,
    ctx: agentContext(),
    audience: 'cli',
    note: (message) => io.stderr(`${message}\n`),
  };
}

function agentsOf(ids: string[] | undefined, fallback?: string[]): Agent[] | undefined {
  const list = ids?.length ? ids : fallback;
  if (!list) return undefined;
  try {
    return agentsByIds(list);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

const json = (io: CliIo, value: unknown) => io.stdout(`${JSON.stringify(value, null, 2)}\n`);

/** Exit status of a run stopped by Ctrl-C (128 + SIGINT), as shells report it. */
const EXIT_CANCELLED = 130;

/** One of the manage commands, with its operands; Ctrl-C stops it cleanly. */
export function runManage(command: string, operands: string[], o: ManageOptions, io: CliIo): Promise<number> {
  return stoppable(io, (signal) => manage(command, operands, o, io, signal));
}

/**
 * Runs a command that may fetch sources with Ctrl-C as its cancel: git runs in its own process group, so the
 * terminal's SIGINT reaches only this process, which stops git, removes what it fetched and exits 130.
 */
async function stoppable(io: CliIo, run: (signal: AbortSignal) => Promise<number>): Promise<number> {
  try {
    return await withCancel(run);
  } catch (error) {
    if (!isCancelled(error)) throw error;
    io.stderr(`skillbench: ${(error as Error).message}\n`);
    return EXIT_CANCELLED;
  }
}

async function manage(
  command: string,
  operands: string[],
  o: ManageOptions,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const format = parseFormat(o.format, ['text', 'json'] as const);
  const scope: Scope = o.global ? 'user' : 'project';
  const base = baseOf(io);
  switch (command) {
    case 'agents':
      return showAgents(base, format, io);
    case 'add':
      if (operands.length !== 1)
        throw new UsageError(
          'Usage: skillbench add SOURCE [--skill NAME]... [--agent ID]... [--global] [--copy] [--yes] [--force]',
        );
      return add(base, operands[0] ?? '', { ...o, scope, format }, io, signal);
    case 'remove': {
      if (operands.length === 0)
        throw new UsageError('Usage: skillbench remove NAME... [--agent ID]... [--global]');
      const agents = agentsOf(o.agent);
      const results = removeSkills(base, operands, { scope, ...(agents ? { agents } : {}) });
      if (format === 'json') json(io, { removed: results });
      else
        for (const r of results) {
          for (const p of r.unlinked) io.stdout(`${r.name}: removed the link ${displayPath(io, p)}\n`);
          for (const t of r.trashed)
            io.stdout(
              `${r.name}: moved ${displayPath(io, t.from)} to the trash${t.to ? ` (${t.to})` : ''}\n`,
            );
          if (r.unlocked) io.stdout(`${r.name}: removed from the lockfile\n`);
        }
      return 0;
    }
    case 'update': {
      const results = await updateSkills(base, {
        scope,
        names: operands,
        apply: !o.check,
        signal,
        ...(o.force ? { force: true } : {}),
        ...gitBaseOption(),
      });
      if (format === 'json') json(io, { updates: results });
      else printUpdates(results, !o.check, io);
      return results.some((r) => r.status === 'error' || r.status === 'missing' || r.skipped) ? 1 : 0;
    }
    case 'sync': {
      if (o.global)
        throw new UsageError('sync works on the project lockfile (skills-lock.json); leave out --global.');
      const agents = agentsOf(o.agent);
      const results = await syncProject(base, {
        signal,
        ...(agents ? { agents } : {}),
        ...(o.copy ? { copy: true } : {}),
        ...(o.force ? { force: true } : {}),
        ...gitBaseOption(),
      });
      if (format === 'json') json(io, { synced: results });
      else {
        if (results.length === 0) io.stdout('The lockfile lists no skills.\n');
        for (const r of results)
          io.stdout(
            `${r.name}: ${r.status}${r.agents.length ? ` (${r.agents.join(', ')})` : ''}${r.message ? `: ${r.message}` : ''}\n`,
          );
      }
      return results.some((r) => r.status === 'error') ? 1 : 0;
    }
    case 'pack': {
      if (operands.length !== 1) throw new UsageError('Usage: skillbench pack SKILL [-o FILE] [--force]');
      const folder = skillFolder(base, operands[0] ?? '', io);
      const r = packSkill(folder, o.output ? resolve(io.cwd, o.output) : undefined, {
        cwd: io.cwd,
        audience: 'cli',
        ...(o.force ? { force: true } : {}),
      });
      if (format === 'json') json(io, r);
      else {
        io.stdout(
          `Packed ${r.name} into ${displayPath(io, r.file)}: ${r.files.length} files, ${r.bytes} bytes (checked with the portable profile).\n`,
        );
        if (r.skipped.length) io.stdout(`Left out: ${r.skipped.join(', ')}\n`);
        printFindings(r.findings, '  ', io);
      }
      return 0;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

/** A skill folder given as a path, or the name of an installed skill (project first, then user). */
function skillFolder(base: ManageBase, ref: string, io: CliIo): string {
  try {
    const source = parseSource(ref, { cwd: io.cwd });
    if (source.type === 'local') return source.url;
  } catch {
    /* not a path: a name */
  }
  const found = listInstalled(base, ['project', 'user']).find((s) => s.name === ref);
  if (found) return found.folder;
  // A bare folder name that is not an installed skill: the folder (pack reads locally; there is no git shorthand).
  const folder = resolve(io.cwd, ref);
  if (existsSync(folder) && statSync(folder).isDirectory()) return folder;
  throw new SkillError('NotFound', `"${ref}" is neither a skill folder nor an installed skill.`);
}

function showAgents(base: ManageBase, format: 'text' | 'json', io: CliIo): number {
  const rows = AGENTS.map((a) => ({
    id: a.id,
    name: a.displayName,
    project: a.projectDir,
    // null: it reads skills only from a project (Eve).
    user: agentFolder(a, 'user', base) ?? null,
    // Installs for it go to the shared copy in .agents/skills, in both scopes (as the skills CLI does).
    readsShared: readsSharedFolder(a),
    followsSymlinks: a.followsSymlinks,
    profile: a.profile,
  }));
  if (format === 'json') {
    json(io, { agents: rows });
    return 0;
  }
  table(
    io,
    ['ID', 'AGENT', 'PROJECT FOLDER', 'USER FOLDER', 'SHARED', 'LINKS', 'PROFILE'],
    rows.map((r) => [
      r.id,
      r.name,
      r.project,
      r.user ?? '- (project only)',
      r.readsShared ? 'yes' : 'no',
      r.followsSymlinks ? 'yes' : 'no (copies)',
      r.profile,
    ]),
  );
  io.stdout(
    `\n${rows.length} agents. SHARED: an install for the agent goes to the shared copy in .agents/skills (in your home folder too), as the skills CLI does.\n`,
  );
  return 0;
}

function table(io: CliIo, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const r of [header, ...rows])
    io.stdout(`${r.map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i] ?? 0) : c)).join('  ')}\n`);
}

function printFindings(
  findings: readonly Diagnostic[],
  indent: string,
  io: CliIo,
  show: (file: string) => string = (file) => displayPath(io, file),
): void {
  for (const d of findings)
    io.stdout(`${indent}${show(d.file)}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}\n`);
}

/** Which profiles block an install and which agents read the shared copy (their findings are shown, not blocking). */
interface CheckedFor {
  required: readonly ValidationProfile[];
  readers: readonly Agent[];
}

function describeSkill(s: InspectedSkill, checked: CheckedFor, io: CliIo): void {
  io.stdout(`\n${s.name}  (${s.skillPath})${blockedFor(s, checked.required) ? '  BLOCKED: errors' : ''}\n`);
  if (s.description) io.stdout(`  ${s.description}\n`);
  for (const [profile, list] of Object.entries(s.findings) as Array<[ValidationProfile, Diagnostic[]]>) {
    const count = (sev: string) => (list ?? []).filter((d) => d.severity === sev).length;
    const readers = checked.required.includes(profile)
      ? ''
      : `; for ${checked.readers
          .filter((a) => a.profile === profile)
          .map((a) => a.displayName)
          .join(', ')}, which read the shared copy: not blocking`;
    io.stdout(
      `  findings (${profile} profile${readers}): ${count('error')} errors, ${count('warning')} warnings, ${count('info')} info\n`,
    );
    printFindings(
      (list ?? []).filter((d) => d.severity !== 'info'),
      '    ',
      io,
      (file) => pathInSource(s, file),
    );
  }
  io.stdout(`  ${s.files} file${s.files === 1 ? '' : 's'}, ${formatBytes(s.bytes)}\n`);
  if (
    !s.tools.length &&
    !s.commands.length &&
    !s.mcpServers.length &&
    !s.allowedTools.length &&
    !s.scripts.length
  )
    io.stdout('  runs: nothing (instructions only)\n');
  for (const t of s.tools) io.stdout(`  tool ${t.name} (${t.kind}): ${t.runs}\n`);
  for (const c of s.commands) io.stdout(`  command run before the prompt: ${c}\n`);
  for (const m of s.mcpServers) io.stdout(`  calls the MCP server: ${m}\n`);
  for (const a of s.allowedTools) io.stdout(`  may use without asking: ${a}\n`);
  for (const f of s.scripts) io.stdout(`  script file: ${f}\n`);
}

async function add(
  base: ManageBase,
  input: string,
  o: ManageOptions & { scope: Scope; format: 'text' | 'json' },
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const agents = agentsOf(o.agent, DEFAULT_AGENTS) ?? [];
  const source = parseSource(input, { cwd: io.cwd, ...gitBaseOption() });
  const profiles = installProfiles(base, { agents, scope: o.scope, ...(o.copy ? { copy: true } : {}) });
  const opened = await fetchAndInspect(source, profiles.all, 'cli', { signal });
  const fetched = opened.fetched;
  try {
    const inspection: SourceInspection = opened.inspection;
    let chosen = inspection.skills;
    if (o.skill?.length) {
      const missing = o.skill.filter((n) => !inspection.skills.some((s) => s.name === n));
      if (missing.length)
        throw new SkillError(
          'NotFound',
          `${source.source} has no skill named ${missing.map((m) => `"${m}"`).join(', ')}. It holds: ${inspection.skills.map((s) => s.name).join(', ') || 'none'}.`,
        );
      chosen = inspection.skills.filter((s) => o.skill?.includes(s.name));
    }
    if (chosen.length === 0)
      throw new SkillError('NotFound', `${source.source} holds no skill (no SKILL.md was found in it).`);
    const duplicates = duplicateNames(chosen);
    const installOpts = {
      agents,
      scope: o.scope,
      ...(o.copy ? { copy: true } : {}),
      ...(o.force ? { force: true } : {}),
    };
    const report = {
      source: { ...source, ...(fetched.commit ? { commit: fetched.commit } : {}) },
      skills: inspection.skills,
      servers: inspection.servers,
      problems: inspection.problems,
      chosen: chosen.map((s) => s.name),
      scope: o.scope,
      agents: agents.map((a) => a.id),
    };
    if (!o.yes) {
      // The same plan and checks the install makes (errors for these agents, a different or changed skill in the
      // way), so the preview says now what --yes would refuse.
      const preview = duplicates ? undefined : planInstall(base, fetched, chosen, installOpts);
      const plans = chosen.map((s) => ({
        name: s.name,
        placements: preview?.plans.find((p) => p.skill.name === s.name)?.placements ?? [],
      }));
      const refusals = duplicates ? [duplicates] : (preview?.problems ?? []);
      if (o.format === 'json')
        json(io, {
          ...report,
          plan: plans.map((p) => ({ ...p, placements: p.placements.map(({ replaced: _r, ...x }) => x) })),
          conflicts: preview?.conflicts ?? [],
          installed: false,
        });
      else {
        printInspection(report, inspection, profiles, io);
        for (const p of plans)
          io.stdout(
            `Would install ${p.name}: ${p.placements.map((x) => `${displayPath(io, x.path)} (${x.how}${x.replaced === 'different' ? ', replacing what is there' : ''})`).join(', ')}\n`,
          );
        io.stdout(
          refusals.length
            ? `\nNot installable: ${refusals.join('\n  ')}\n`
            : '\nNothing was written. Run again with --yes to install.\n',
        );
      }
      return refusals.length ? 1 : 0;
    }
    const results = await installSkills(base, fetched, chosen, { ...installOpts, signal });
    if (o.format === 'json') json(io, { ...report, installed: results });
    else {
      printInspection(report, inspection, profiles, io);
      for (const r of results) {
        io.stdout(
          `Installed ${r.name}: ${r.placements.map((x) => `${displayPath(io, x.path)} (${x.how}${x.agents.length ? `: ${x.agents.join(', ')}` : ''})`).join(', ')}\n`,
        );
        for (const t of r.trashed)
          io.stdout(`  replaced ${displayPath(io, t)}; the previous copy is in the trash\n`);
      }
      io.stdout(`Lockfile: ${displayPath(io, results[0]?.lockFile ?? '')}\n`);
    }
    return 0;
  } finally {
    fetched.dispose();
  }
}

function printInspection(
  report: { source: { source: string; type: string; ref?: string; commit?: string } },
  inspection: SourceInspection,
  checked: CheckedFor,
  io: CliIo,
): void {
  const s = report.source;
  io.stdout(
    `Source: ${s.source} (${s.type}${s.ref ? `, ${s.ref}` : ''}${s.commit ? `, commit ${s.commit.slice(0, 12)}` : ''})\n`,
  );
  io.stdout(`Skills found: ${inspection.skills.length}\n`);
  if (checked.readers.length)
    io.stdout(
      `The shared copy in .agents/skills is also read by ${checked.readers.map((a) => a.displayName).join(', ')}: checked with their profiles too (errors there do not block; --copy keeps the skill out of the shared folder).\n`,
    );
  for (const skill of inspection.skills) describeSkill(skill, checked, io);
  for (const p of inspection.problems)
    io.stdout(`\nNot a readable skill: ${displayPath(io, p.path)}: ${p.reason}\n`);
  if (inspection.servers.length) {
    io.stdout('\nMCP servers the source configures (they would start when its tools run):\n');
    for (const srv of inspection.servers)
      io.stdout(`  ${srv.name}: ${srv.url ?? [srv.command ?? '', ...(srv.args ?? [])].join(' ')}\n`);
  }
  io.stdout('\n');
}

function printUpdates(results: readonly UpdateCheck[], applied: boolean, io: CliIo): void {
  if (results.length === 0) io.stdout('The lockfile lists no skills.\n');
  for (const r of results) {
    const state = [
      r.status,
      ...(r.modified ? ['modified locally'] : []),
      ...(r.installed ? [] : ['not installed']),
    ];
    io.stdout(`${r.name}: ${state.join(', ')}${r.message ? `: ${r.message}` : ''}\n`);
    if (r.changes) {
      const c = r.changes;
      io.stdout(
        `  files: ${c.changed.length} changed${c.changed.length ? ` (${c.changed.join(', ')})` : ''}, ${c.added.length} added${c.added.length ? ` (${c.added.join(', ')})` : ''}, ${c.removed.length} removed${c.removed.length ? ` (${c.removed.join(', ')})` : ''}\n`,
      );
    }
    if (r.diff && r.diff.split('\n').some((l) => l.startsWith('@@'))) io.stdout(`${r.diff}\n`);
    if (applied && r.applied) io.stdout('  updated\n');
    if (r.skipped) io.stdout(`  not updated: ${r.skipped}\n`);
  }
}

/** `list --installed`: each installed skill with its agents, scope, source and state. */
export function runInstalled(
  o: { global?: boolean; format?: string; check?: boolean },
  io: CliIo,
): Promise<number> {
  return stoppable(io, (signal) => installedList(o, io, signal));
}

async function installedList(
  o: { global?: boolean; format?: string; check?: boolean },
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const format = parseFormat(o.format, ['text', 'json'] as const);
  const base = baseOf(io);
  const scopes: Scope[] = o.global ? ['user'] : ['project', 'user'];
  const installed = listInstalled(base, scopes);
  const updates = new Map<string, UpdateCheck>();
  if (o.check)
    for (const scope of scopes) {
      const names = installed.filter((i) => i.scope === scope && i.lock).map((i) => i.name);
      if (names.length)
        for (const u of await updateSkills(base, {
          scope,
          names,
          apply: false,
          signal,
          ...gitBaseOption(),
        }))
          updates.set(`${scope}/${u.name}`, u);
    }
  const rows = installed.map((i) => {
    const u = updates.get(`${i.scope}/${i.name}`);
    // A check that could not reach the source, or found the skill gone from it, says so: never "clean" by default.
    const checkError =
      u?.status === 'error'
        ? (u.message ?? 'could not fetch the source')
        : u?.status === 'missing'
          ? (u.message ?? 'the source no longer has this skill')
          : undefined;
    // A copy the skills CLI made hashes as its source did only when nothing it leaves out was there: the check,
    // which read the source, says whether it was edited.
    const hashState =
      i.state === 'unknown' && u?.status === 'up-to-date' ? (u.modified ? 'modified' : 'clean') : i.state;
    const state = [
      hashState,
      ...(u?.status === 'update-available' ? ['update available'] : []),
      ...(checkError ? ['check failed'] : []),
    ];
    return {
      name: i.name,
      scope: i.scope,
      agents: i.agents,
      source: i.lock?.source ?? null,
      state: state.join(', '),
      hashState,
      updateAvailable: u ? u.status === 'update-available' : null,
      ...(checkError ? { checkError } : {}),
      hash: i.hash,
      folder: i.folder,
      paths: i.paths,
      ...(i.modifiedPaths ? { modifiedPaths: i.modifiedPaths } : {}),
    };
  });
  const failed = rows.filter((r) => r.checkError);
  const code = failed.length ? 1 : 0;
  if (format === 'json') {
    json(io, { installed: rows });
    return code;
  }
  if (rows.length === 0) {
    io.stdout('No skills are installed in any agent folder.\n');
    return 0;
  }
  table(
    io,
    ['NAME', 'SCOPE', 'AGENTS', 'SOURCE', 'STATE'],
    rows.map((r) => [r.name, r.scope, agentsColumn(r.agents), r.source ?? '-', r.state]),
  );
  for (const r of failed) io.stderr(`${r.name} (${r.scope}): update check failed: ${r.checkError}\n`);
  return code;
}
