// Owns walking one root for manifests: bounded (depth, folder count), skipping `.git`, `node_modules` and hidden
// folders, following links the way agents do (into any root, the project or the agents' folders in the home folder,
// never elsewhere, never in a cycle), and noting the Claude Code plugin (`.claude-plugin/plugin.json`) a skill is in.
import { closeSync, openSync, readdirSync, readSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MANIFEST_FORMATS } from '../../../shared/manifest-formats.js';
import type { AgentReader, Diagnostic, RootInfo, SkillFormat } from '../../../shared/types.js';
import { isWithin, safeRealpath } from '../fs/confine.js';
import { SKIPPED_FOLDERS } from '../fs/walk.js';
import { makeDiagnostic } from './diagnostic.js';
import type { PathCache } from './path-cache.js';

export const WHOLE_FILE = { line: 1, column: 1, endLine: 1, endColumn: 1 };
const PLUGIN_MANIFEST_MAX = 64 * 1024;

export interface RootState {
  info: RootInfo;
  index: number;
  /** Real path of the folder the scan starts in (the root, or a manifest file's folder). */
  startReal?: string;
  start: string;
  /** The root is one manifest file: only it is loaded. */
  onlyFile?: string;
}

export interface Found {
  root: RootState;
  folder: string;
  manifest: string;
  /** Real path of the manifest, for deduplication across roots and links. */
  real: string;
  format: SkillFormat;
  /** Other manifests in the same folder that lose to this one. */
  losers: Array<{ path: string; format: SkillFormat }>;
  /** Reached through a link that leads out of its root: the skill's real folder is then its confinement. */
  viaLink?: string;
  /** The Claude Code plugin the skill belongs to. */
  plugin?: string;
}

export interface ScanState {
  folders: number;
  depthHit: boolean;
  foldersHit: boolean;
}

/** What a walk needs from the library: its limits, where its findings go, and where links may lead. */
export interface Walker {
  limits: { maxDepth: number; maxFolders: number };
  stats: { foldersRead: number };
  pass: PathCache | undefined;
  report(d: Diagnostic): void;
  /** Whether a link's real target may be read: inside a root, the project or the agents' folders. */
  mayFollow(realTarget: string): boolean;
}

/** Where a walk stands: the folder, its real path, and the plugin and link it was reached through. */
interface At {
  folder: string;
  real: string;
  depth: number;
  plugin?: string;
  /** Real path of the folder a link out of the root led to (everything below it is confined to it). */
  viaLink?: string;
}

export function walkRoot(
  w: Walker,
  root: RootState,
  at: At,
  found: Found[],
  state: ScanState,
  visited: Set<string>,
): void {
  const { folder, real: folderReal, depth } = at;
  const confine = at.viaLink ?? root.startReal ?? folderReal;
  if (state.folders >= w.limits.maxFolders) {
    state.foldersHit = true;
    return;
  }
  state.folders++;
  w.stats.foldersRead++;
  let dirents: Dirent[];
  try {
    dirents = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    w.report(folderUnreadable(folder, (error as NodeJS.ErrnoException).code));
    return;
  }
  w.pass?.seed(folder, dirents);
  const onlyFile = root.onlyFile;
  const byName = new Map(dirents.map((d) => [d.name, d]));
  const plugin = byName.get('.claude-plugin')?.isDirectory() ? pluginName(folder) : at.plugin;
  const manifests: Array<{ path: string; format: SkillFormat; real: string }> = [];
  let viaLink = at.viaLink;
  for (const { file, format } of MANIFEST_FORMATS) {
    const d = byName.get(file);
    if (!d) continue;
    const path = join(folder, file);
    if (onlyFile && path !== onlyFile) continue;
    let real = join(folderReal, file);
    if (d.isSymbolicLink()) {
      const target = safeRealpath(path);
      if (!target) {
        w.report(linkBroken(path));
        continue;
      }
      if (!isWithin(confine, target)) {
        if (!w.mayFollow(target)) {
          w.report(linkOutside(path, target));
          continue;
        }
        viaLink ??= dirname(target);
      }
      real = target;
    } else if (!d.isFile()) continue;
    manifests.push({ path, format, real });
  }
  if (manifests.length === 0 && !onlyFile) {
    // `skill.md` / `Skill.md`: found by runtimes on case-insensitive disks only. Load it, and say so.
    const misnamed = dirents.find(
      (d) => d.isFile() && d.name !== 'SKILL.md' && d.name.toLowerCase() === 'skill.md',
    );
    if (misnamed)
      manifests.push({
        path: join(folder, misnamed.name),
        format: 'skill-md',
        real: join(folderReal, misnamed.name),
      });
  }
  const [winner, ...losers] = manifests;
  if (winner) {
    found.push({
      root,
      folder,
      manifest: winner.path,
      real: winner.real,
      format: winner.format,
      losers,
      ...(viaLink ? { viaLink } : {}),
      ...(plugin ? { plugin } : {}),
    });
    return; // a skill's own subfolders (scripts/, references/) are its resources, not more skills
  }
  if (onlyFile) return;
  const subfolders = dirents
    .filter(
      (d) =>
        !SKIPPED_FOLDERS.has(d.name) && !d.name.startsWith('.') && (d.isDirectory() || d.isSymbolicLink()),
    )
    .map((d) => d.name)
    .sort();
  for (const name of subfolders) {
    const path = join(folder, name);
    const d = byName.get(name);
    let real = join(folderReal, name);
    let linkedOut = at.viaLink;
    if (d?.isSymbolicLink()) {
      // Only links to folders matter here; a link's target is stat-ed (to know it is a folder) but never read.
      const target = safeRealpath(path);
      if (!target || !isDirectory(target)) continue;
      if (isWithin(target, folderReal)) {
        w.report(linkCycle(path, target));
        continue;
      }
      if (!isWithin(confine, target)) {
        if (!w.mayFollow(target)) {
          w.report(linkOutside(path, target));
          continue;
        }
        linkedOut = target;
      }
      real = target;
    }
    if (visited.has(real)) continue; // folders reached twice
    if (depth + 1 > w.limits.maxDepth) {
      state.depthHit = true;
      continue;
    }
    visited.add(real);
    walkRoot(
      w,
      root,
      {
        folder: path,
        real,
        depth: depth + 1,
        ...(plugin ? { plugin } : {}),
        ...(linkedOut ? { viaLink: linkedOut } : {}),
      },
      found,
      state,
      visited,
    );
  }
}

/** The name a Claude Code plugin's skills are qualified with: its manifest's `name`, else its folder's. */
function pluginName(folder: string): string {
  const fallback = basename(folder);
  try {
    const fd = openSync(join(folder, '.claude-plugin', 'plugin.json'), 'r');
    try {
      const buffer = Buffer.alloc(PLUGIN_MANIFEST_MAX);
      const n = readSync(fd, buffer, 0, PLUGIN_MANIFEST_MAX, 0);
      const parsed: unknown = JSON.parse(buffer.subarray(0, n).toString('utf8'));
      const name = parsed && typeof parsed === 'object' && 'name' in parsed ? parsed.name : undefined;
      return typeof name === 'string' && name.trim() ? name.trim() : fallback;
    } finally {
      closeSync(fd);
    }
  } catch {
    return fallback; // no manifest, or one that does not parse: Claude Code names the plugin after its folder
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function linkOutside(path: string, target: string): Diagnostic {
  const folder = basename(target) === basename(path) ? dirname(target) : target;
  return makeDiagnostic(
    'warning',
    'link-outside-root',
    `"${path}" is a link to "${target}", outside every root, the project and the agents' folders in your home ` +
      `folder, so it was not read. To check it, add "${folder}" as a root (a PATH of \`skillbench validate\`, or ` +
      'Settings → Skill roots in the app).',
    path,
    WHOLE_FILE,
  );
}

/** A folder the walk could not list: what it missed, and how to let it in. */
export function folderUnreadable(folder: string, code: string | undefined): Diagnostic {
  const how =
    code === 'EACCES' || code === 'EPERM'
      ? `Give your user permission to read it (on macOS or Linux: chmod u+rx "${folder}"), or move it out of the root.`
      : 'Check that it still exists and can be opened, or move it out of the root.';
  return makeDiagnostic(
    'warning',
    'folder-unreadable',
    `The folder "${folder}" could not be read (${code ?? 'error'}); its skills were skipped. ${how}`,
    folder,
    WHOLE_FILE,
  );
}

function linkBroken(path: string): Diagnostic {
  return makeDiagnostic(
    'warning',
    'link-broken',
    `"${path}" is a broken link; it was skipped. Remove it or fix its target.`,
    path,
    WHOLE_FILE,
  );
}

function linkCycle(path: string, target: string): Diagnostic {
  return makeDiagnostic(
    'warning',
    'link-cycle',
    `"${path}" is a link to "${target}", a folder that holds it: following it would loop, so it was not. Remove the link.`,
    path,
    WHOLE_FILE,
  );
}

/** An agent's skills folder holds skills one level down: one deeper is never loaded by the agents reading it. */
export function nestedIn(f: Found, rel: string): Diagnostic {
  const top = rel.split('/')[0] ?? rel;
  return makeDiagnostic(
    'error',
    'skill-nested',
    `This skill is at ${rel} in an agent's skills folder, where agents load only <folder>/<name>/SKILL.md, so none ` +
      `of them loads it. Move it up to ${join(f.root.start, basename(f.folder))}, or take it out of "${top}".`,
    f.manifest,
    WHOLE_FILE,
  );
}

/**
 * The agents reading a skill through any of the roots that reach it, each once, in the roots' order. A skill of a
 * Claude Code plugin, in no agent's folder, is read by Claude Code (plugins are its format).
 */
export function readersOf(group: readonly Found[]): AgentReader[] {
  const out: AgentReader[] = [];
  for (const f of group)
    for (const r of f.root.info.readers ?? []) if (!out.some((o) => o.agent === r.agent)) out.push(r);
  if (out.length === 0 && group.some((f) => f.plugin))
    out.push({ agent: 'claude-code', profile: 'claude-code' });
  return out;
}

/** What the limits of a scan stopped, if anything: one finding each, on the first root. */
export function limitsReached(
  state: ScanState,
  skillsHit: boolean,
  limits: { maxDepth: number; maxFolders: number; maxSkills: number },
  roots: readonly RootInfo[],
): Diagnostic[] {
  const at = (code: string, message: string) =>
    makeDiagnostic('warning', code, message, roots[0]?.path ?? '', WHOLE_FILE);
  return [
    ...(state.depthHit
      ? [
          at(
            'scan-depth-limit',
            `Folders deeper than ${limits.maxDepth} levels below a root were not searched. Add the deeper folder as a root of its own.`,
          ),
        ]
      : []),
    ...(state.foldersHit
      ? [
          at(
            'scan-folder-limit',
            `The scan stopped after ${limits.maxFolders} folders; some skills may be missing. Point the root at a smaller folder.`,
          ),
        ]
      : []),
    ...(skillsHit
      ? [
          at(
            'scan-skill-limit',
            `The scan stopped after ${limits.maxSkills} skills; the rest were not loaded. Split the library into smaller roots.`,
          ),
        ]
      : []),
  ];
}

/** A root whose walk failed: reported on the root, so the other roots still load. */
export function rootFailed(path: string, error: unknown): Diagnostic {
  return makeDiagnostic(
    'error',
    'root-missing',
    `The skill root "${path}" could not be loaded (${(error as Error).message ?? String(error)}); its skills are not shown and the other roots loaded. Check the folder, or remove the root.`,
    path,
    WHOLE_FILE,
  );
}
