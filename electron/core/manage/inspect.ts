// Owns looking at a fetched source before anything is written (issue 17): the skills it holds, each validated with
// the profiles of the target agents (the library's own rules, through a Workspace), and exactly what each can run:
// its tools with kinds and commands, its `!`command`` lines, and the MCP servers the source configures (the trust
// report of workspace trust, issue 12).
import { closeSync, lstatSync, openSync, readlinkSync, readSync } from 'node:fs';
import { dirname, extname, posix, relative, sep } from 'node:path';
import type { TrustReportView } from '../../../shared/host-types.js';
import { bangCommands } from '../../../shared/syntax/instructions.js';
import type { Diagnostic, SkillTool, ValidationProfile } from '../../../shared/types.js';
import { formatBytes } from '../../../shared/units.js';
import { SkillError } from '../../../shared/errors.js';
import { remedy, type Audience } from '../../../shared/remedy.js';
import { isWithin } from '../fs/confine.js';
import { walkFolder } from '../fs/walk.js';
import { makeDiagnostic } from '../skills/diagnostic.js';
import { describeWithLocked, mcpServerOf } from '../tools/kinds/registry.js';
import { Workspace } from '../workspace.js';
import { checkCancelled } from './cancel.js';
import { folderSignature, inspectedHashes, skillFiles } from './skill-hash.js';
import { fetchSource, type FetchedSource, type RunControl, type SkillSource } from './source.js';

const SOURCE_ROOT = 'source';

export interface ToolSummary {
  name: string;
  kind: SkillTool['kind'];
  /** What it runs or reaches: the command, script, URL, built-in handler or `server__tool`. */
  runs: string;
}

export interface InspectedSkill {
  name: string;
  description: string;
  /** Absolute folder in the fetched source. */
  folder: string;
  /** The skill's manifest relative to the source's top ('/'-separated), as the lockfile's `skillPath`. */
  skillPath: string;
  /** Findings per profile checked (the target agents' profiles). */
  findings: Partial<Record<ValidationProfile, Diagnostic[]>>;
  /** The manifest could not be read as a skill at all (whatever the profile). */
  invalid: boolean;
  tools: ToolSummary[];
  /** The `!`command`` lines of its instructions. */
  commands: string[];
  /** MCP servers its tools call (`server` of each `server__tool` target). */
  mcpServers: string[];
  /** Its `allowed-tools` entries: what an agent may use without asking while the skill is active (`Bash(git:*)`). */
  allowedTools: string[];
  /** Files an agent could run ('/'-separated, relative to the skill): a shebang, the execute bit or a script's
   *  extension. */
  scripts: string[];
  /** Links inside the folder ('/'-separated path and where it points): installing leaves them out. */
  links: Array<{ path: string; target: string }>;
  /** The files installing copies, and their size in all. */
  files: number;
  bytes: number;
  /** The folder's content hash as inspected (what the lock records) and its snapshot (inspectedHashes): installing
   *  refuses anything else. */
  hash: string;
  snapshot: string;
}

/** The largest skill installed without --force: beyond it a skill almost surely carries a dataset or a build. */
export const MAX_INSTALL_BYTES = 100 * 1024 * 1024;

export interface SourceInspection {
  skills: InspectedSkill[];
  /** MCP servers the source's own config (its `.skillbench/mcp.json` files, never one outside the source) would start,
   *  with their command lines. */
  servers: TrustReportView['servers'];
  /** Manifests found that could not be read as a skill, with why. */
  problems: Array<{ path: string; reason: string }>;
}

/**
 * The errors that block installing `skill` for agents checked with `profiles` (each with the profile that raised
 * it); an install is refused unless forced when there is any. A profile the skill was not checked with is an error
 * of the caller: it must inspect again with it.
 */
export function blockingFindings(
  skill: Pick<InspectedSkill, 'name' | 'findings' | 'invalid'>,
  profiles: readonly ValidationProfile[],
): Array<{ profile: ValidationProfile; diagnostic: Diagnostic }> {
  const out: Array<{ profile: ValidationProfile; diagnostic: Diagnostic }> = [];
  for (const profile of new Set(profiles)) {
    const list = skill.findings[profile];
    if (!list)
      throw new SkillError(
        'InvalidArgs',
        `${skill.name} was not checked with the ${profile} profile; look inside the source again for these agents.`,
      );
    for (const diagnostic of list) if (diagnostic.severity === 'error') out.push({ profile, diagnostic });
  }
  return out;
}

/** Whether `skill` may be installed (without forcing) for agents checked with `profiles`. */
export function blockedFor(
  skill: Pick<InspectedSkill, 'name' | 'findings' | 'invalid'>,
  profiles: readonly ValidationProfile[],
): boolean {
  return skill.invalid || blockingFindings(skill, profiles).length > 0;
}

/** A file of an inspected skill as the source names it ('/'-separated): the fetched copy is temporary. */
export function pathInSource(skill: Pick<InspectedSkill, 'folder' | 'skillPath'>, file: string): string {
  return posix.join(posix.dirname(skill.skillPath), relative(skill.folder, file).split(sep).join('/'));
}

const SCRIPT_EXTENSIONS = new Set([
  '.sh',
  '.bash',
  '.zsh',
  '.fish',
  '.py',
  '.js',
  '.mjs',
  '.cjs',
  '.ts',
  '.rb',
  '.pl',
  '.php',
  '.lua',
  '.ps1',
  '.bat',
  '.cmd',
]);

function startsWithShebang(full: string): boolean {
  const fd = openSync(full, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head.toString('latin1') === '#!';
  } finally {
    closeSync(fd);
  }
}

/** The links below `folder` (not followed), '/'-separated, with their targets as written. */
function linksIn(folder: string): Array<{ path: string; target: string }> {
  return [...walkFolder(folder)]
    .filter((entry) => entry.kind === 'link')
    .map((entry) => ({ path: entry.path, target: readlinkSync(entry.full) }));
}

/** What installing the skill in `folder` copies, what of it can run, and the findings that follow from it. */
function folderContents(folder: string, manifest: string, audience: Audience) {
  const files = skillFiles(folder);
  const bytes = files.reduce((n, f) => n + f.size, 0);
  const scripts = files
    .filter(
      (f) =>
        SCRIPT_EXTENSIONS.has(extname(f.path).toLowerCase()) ||
        (process.platform !== 'win32' && (lstatSync(f.full).mode & 0o111) !== 0) ||
        startsWithShebang(f.full),
    )
    .map((f) => f.path);
  const links = linksIn(folder);
  const at = { line: 1, column: 1, endLine: 1, endColumn: 1 };
  const findings: Diagnostic[] = [];
  if (bytes > MAX_INSTALL_BYTES) {
    const largest = files.reduce((a, b) => (b.size > a.size ? b : a));
    findings.push(
      makeDiagnostic(
        'error',
        'skill-too-large',
        `The skill holds ${files.length} files, ${formatBytes(bytes)} in all (largest: ${largest.path}, ${formatBytes(largest.size)}), over the ${formatBytes(MAX_INSTALL_BYTES)} Skillbench installs ${remedy({ cli: 'without --force', app: 'unless you tick "Install anyway"' }, audience)}. Move large data out of the skill folder${remedy({ cli: ', or pass --force', app: '' }, audience)}.`,
        manifest,
        at,
      ),
    );
  }
  if (links.length)
    findings.push(
      makeDiagnostic(
        'warning',
        'links-left-out',
        `Installing leaves out the ${links.length === 1 ? 'link' : `${links.length} links`} in the skill (${links.map((l) => `${l.path} -> ${l.target}`).join(', ')}): agents read installed skills without them. Replace each with the file it points to if the skill needs it.`,
        manifest,
        at,
      ),
    );
  return { files: files.length, bytes, scripts, links, findings };
}

/** What a refusal says when a source is not what was looked at. */
export function changedSinceLooked(name: string, detail: string): SkillError {
  return new SkillError(
    'Conflict',
    `${name}: the source changed since you looked (${detail}); nothing was installed. Look inside it again, then install what you see.`,
  );
}

/**
 * The skills of a fetched source, each checked with every profile given (at least one). What is shown is what the
 * snapshot covers: the source's files are stamped before and after (sizes, modes, times), and a source that changed
 * meanwhile (a local folder being written to) is refused.
 */
export function inspectSource(
  fetched: FetchedSource,
  profiles: readonly ValidationProfile[],
  audience: Audience,
  onProgress?: RunControl['onProgress'],
): SourceInspection {
  const before = folderSignature(fetched.root);
  const inspection = inspectOnce(fetched, profiles, audience, onProgress);
  if (folderSignature(fetched.root) !== before)
    throw changedSinceLooked(fetched.source.source, 'files changed while it was being inspected');
  return inspection;
}

/**
 * The source inspected again with more profiles (agents chosen since): the same snapshot as the first look, or a
 * Conflict (`previous` is what was shown).
 */
export function inspectAgain(
  fetched: FetchedSource,
  profiles: readonly ValidationProfile[],
  previous: readonly InspectedSkill[],
  audience: Audience,
): InspectedSkill[] {
  const skills = inspectSource(fetched, profiles, audience).skills;
  for (const s of skills) {
    const seen = previous.find((p) => p.skillPath === s.skillPath);
    if (!seen || seen.snapshot !== s.snapshot)
      throw changedSinceLooked(s.name, seen ? 'its files are not the ones inspected' : 'it is new');
  }
  return skills;
}

function inspectOnce(
  fetched: FetchedSource,
  profiles: readonly ValidationProfile[],
  audience: Audience,
  onProgress?: RunControl['onProgress'],
): SourceInspection {
  const checked: ValidationProfile[] = profiles.length ? [...new Set(profiles)] : ['skillbench'];
  const byProfile = checked.map((profile) => ({
    profile,
    ws: Workspace.open({ roots: [{ path: fetched.root, kind: 'project', id: SOURCE_ROOT }], profile }),
  }));
  const first = byProfile[0]?.ws;
  if (!first) return { skills: [], servers: [], problems: [] };
  const skills: InspectedSkill[] = [];
  const problems: SourceInspection['problems'] = [];
  onProgress?.({
    step: 'found',
    count: first.entries.filter((e) => e.status !== 'excluded' && e.skill).length,
  });
  for (const entry of first.entries) {
    if (entry.status === 'excluded') continue;
    if (!entry.skill) {
      problems.push({ path: entry.path, reason: entry.reason ?? 'the manifest could not be read' });
      continue;
    }
    const skill = entry.skill;
    onProgress?.({ step: 'validating', skill: skill.name, profiles: checked });
    const folder = dirname(entry.path);
    const contents = folderContents(folder, entry.path, audience);
    const findings: InspectedSkill['findings'] = {};
    for (const { profile, ws } of byProfile)
      findings[profile] = [
        ...(ws.entries.find((e) => e.path === entry.path)?.diagnostics ?? []),
        ...contents.findings,
      ];
    skills.push({
      name: skill.name,
      description: skill.description,
      folder,
      skillPath: relative(fetched.dir, entry.path).split(sep).join('/'),
      findings,
      invalid: entry.status === 'invalid',
      tools: skill.tools.map((t) => ({ name: t.name, kind: t.kind, runs: describeWithLocked(t) })),
      commands: bangCommands(skill.instructions),
      mcpServers: [...new Set(skill.tools.map(mcpServerOf))].filter((s): s is string => !!s),
      allowedTools: skill.allowedTools,
      scripts: contents.scripts,
      links: contents.links,
      files: contents.files,
      bytes: contents.bytes,
      ...hashesOf(folder),
    });
  }
  // A skill folder given as the source reads its parent's config too (the library it sits in); only the source's
  // own files count here.
  const servers = first.trustReport(SOURCE_ROOT).servers.filter((s) => isWithin(fetched.dir, s.file));
  for (const { ws } of byProfile) void ws.close();
  return { skills, servers, problems };
}

function hashesOf(folder: string): { hash: string; snapshot: string } {
  const { content, snapshot } = inspectedHashes(folder);
  return { hash: content, snapshot };
}

/**
 * The one way a source is opened for adding (the CLI's `add`, the app's `manage:inspect`, updates and sync): fetched,
 * then inspected, progress told at each step; on failure or cancel nothing fetched is left behind.
 */
export async function fetchAndInspect(
  source: SkillSource,
  profiles: readonly ValidationProfile[],
  audience: Audience,
  run: RunControl = {},
): Promise<{ fetched: FetchedSource; inspection: SourceInspection }> {
  const fetched = await fetchSource(source, run);
  try {
    const inspection = inspectSource(fetched, profiles, audience, run.onProgress);
    checkCancelled(run.signal, `fetching ${source.source}`);
    return { fetched, inspection };
  } catch (error) {
    fetched.dispose();
    throw error;
  }
}
