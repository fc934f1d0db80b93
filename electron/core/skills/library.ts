// Owns loading a skill library: walking roots (bounded, link-safe), picking each folder's manifest, shadowing by name.
import { existsSync, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type {
  Diagnostic,
  LibraryEntry,
  RootInfo,
  SkillFormat,
  ValidationProfile,
} from '../../../shared/types.js';
import { isWithin } from '../fs-confine.js';
import { MCP_CONFIG_RELATIVE, readMcpConfig } from '../mcp/config.js';
import { hasErrors, makeDiagnostic } from './diagnostic.js';
import { DEFAULT_MAX_MANIFEST_BYTES, readManifestText } from './manifest-text.js';
import type { PromptFile } from './parse-legacy-json.js';
import { rangeOf, type RawManifest } from './raw-manifest.js';
import { MANIFEST_FORMATS } from '../../../shared/manifest-formats.js';
import { parseManifest, validateManifest } from './validate.js';

export type RootKind = RootInfo['kind'];

export interface RootSpec {
  path: string;
  kind?: RootKind;
  /** Defaults to the folder's name (or "bundled"), made unique. */
  id?: string;
}

export interface LoadOptions {
  profile?: ValidationProfile;
  /** Which wins a name clash between project and user roots (bundled always loses). Default: project. */
  precedence?: 'project' | 'user';
  /** Folder levels below a root that are searched (default 8). */
  maxDepth?: number;
  /** Folders visited per load (default 100,000). */
  maxFolders?: number;
  /** Manifests loaded per load (default 50,000). */
  maxSkills?: number;
  maxManifestBytes?: number;
}

export interface Library {
  roots: RootInfo[];
  entries: LibraryEntry[];
  /** Problems with the roots themselves: missing folders, links out of a root, limits reached. */
  diagnostics: Diagnostic[];
}

export const DEFAULT_LIMITS = { maxDepth: 8, maxFolders: 100_000, maxSkills: 50_000 };
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);
const WHOLE_FILE = { line: 1, column: 1, endLine: 1, endColumn: 1 };

interface Found {
  root: RootInfo;
  rootReal: string;
  folder: string;
  manifest: string;
  /** Real path of the manifest, for deduplication across roots and links. */
  real: string;
  format: SkillFormat;
  /** Other manifests in the same folder that lose to this one. */
  losers: Array<{ path: string; format: SkillFormat }>;
}

export function loadLibrary(specs: RootSpec[], options: LoadOptions = {}): Library {
  const limits = { ...DEFAULT_LIMITS, ...pick(options) };
  const roots = assignRootIds(orderRoots(specs, options.precedence ?? 'project'));
  const diagnostics: Diagnostic[] = [];
  const entries: LibraryEntry[] = [];
  const winners = new Map<string, LibraryEntry>();
  const mcpServers = configuredMcpServers(roots, diagnostics);
  const seenManifests = new Set<string>();
  const state = { folders: 0, skills: 0, depthHit: false, foldersHit: false, skillsHit: false };

  for (const root of roots) {
    let rootReal: string;
    let start = root.path;
    try {
      const stat = statSync(root.path);
      rootReal = realpathSync(root.path);
      if (!stat.isDirectory()) {
        // A manifest file given directly: load just that one, confined to its folder.
        start = dirname(root.path);
        rootReal = dirname(rootReal);
      }
    } catch {
      diagnostics.push(
        makeDiagnostic(
          'error',
          'root-missing',
          `The skill root "${root.path}" does not exist or cannot be read. Check the path.`,
          root.path,
          WHOLE_FILE,
        ),
      );
      continue;
    }
    const found: Found[] = [];
    const onlyFile = start !== root.path ? resolve(root.path) : undefined;
    walk(
      root,
      rootReal,
      start,
      rootReal,
      0,
      found,
      diagnostics,
      state,
      limits,
      new Set([rootReal]),
      onlyFile,
    );
    for (const f of found) {
      if (seenManifests.has(f.real)) continue; // the same file reached through two roots or two links
      seenManifests.add(f.real);
      if (state.skills >= limits.maxSkills) {
        state.skillsHit = true;
        break;
      }
      state.skills++;
      const rel = relative(start, f.folder).split(sep).join('/');
      const id = rel && rel !== '.' ? `${f.root.id}/${rel}` : f.root.id;
      const loaded = loadEntry(f, id, options, mcpServers);
      entries.push(loaded.entry);
      // Roots and folders are visited in precedence order, so the first skill with a name is the winner.
      if (loaded.raw) markIfShadowed(loaded.entry, loaded.raw, winners);
      for (const loser of f.losers) {
        entries.push({
          id,
          rootId: f.root.id,
          path: loser.path,
          format: loser.format,
          status: 'excluded',
          reason: `${basename(f.manifest)} in the same folder takes precedence`,
          diagnostics: [
            makeDiagnostic(
              'warning',
              'manifest-overridden',
              `This ${basename(loser.path)} is ignored: ${basename(f.manifest)} in the same folder takes precedence (SKILL.toml > manifest.toml > SKILL.md > skill.json). Remove one of them.`,
              loser.path,
              WHOLE_FILE,
            ),
          ],
        });
      }
    }
  }
  if (state.depthHit)
    diagnostics.push(
      limitDiagnostic(
        'scan-depth-limit',
        `Folders deeper than ${limits.maxDepth} levels below a root were not searched. Add the deeper folder as a root of its own.`,
        roots,
      ),
    );
  if (state.foldersHit)
    diagnostics.push(
      limitDiagnostic(
        'scan-folder-limit',
        `The scan stopped after ${limits.maxFolders} folders; some skills may be missing. Point the root at a smaller folder.`,
        roots,
      ),
    );
  if (state.skillsHit)
    diagnostics.push(
      limitDiagnostic(
        'scan-skill-limit',
        `The scan stopped after ${limits.maxSkills} skills; the rest were not loaded. Split the library into smaller roots.`,
        roots,
      ),
    );
  return { roots, entries, diagnostics };
}

function pick(options: LoadOptions): Partial<typeof DEFAULT_LIMITS> {
  const out: Partial<typeof DEFAULT_LIMITS> = {};
  if (options.maxDepth !== undefined) out.maxDepth = options.maxDepth;
  if (options.maxFolders !== undefined) out.maxFolders = options.maxFolders;
  if (options.maxSkills !== undefined) out.maxSkills = options.maxSkills;
  return out;
}

function limitDiagnostic(code: string, message: string, roots: RootInfo[]): Diagnostic {
  return makeDiagnostic('warning', code, message, roots[0]?.path ?? '', WHOLE_FILE);
}

const KIND_ORDER: Record<'project' | 'user', Record<RootKind, number>> = {
  project: { project: 0, user: 1, bundled: 2 },
  user: { user: 0, project: 1, bundled: 2 },
};

function orderRoots(specs: RootSpec[], precedence: 'project' | 'user'): RootSpec[] {
  const order = KIND_ORDER[precedence];
  return specs
    .map((s, i) => ({ s, i }))
    .sort((a, b) => order[a.s.kind ?? 'project'] - order[b.s.kind ?? 'project'] || a.i - b.i)
    .map((x) => x.s);
}

function assignRootIds(specs: RootSpec[]): RootInfo[] {
  const used = new Set<string>();
  return specs.map((s) => {
    const kind = s.kind ?? 'project';
    const base =
      (s.id ?? (kind === 'bundled' ? 'bundled' : basename(resolve(s.path)))).replace(/[^\w.-]+/g, '-') ||
      'root';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return { id, path: resolve(s.path), kind };
  });
}

function safeRealpath(path: string): string | undefined {
  try {
    return realpathSync.native(path); // one syscall; the JS realpath lstat-s every path component
  } catch {
    return undefined;
  }
}

function walk(
  root: RootInfo,
  rootReal: string,
  folder: string,
  /** The folder's real path: known from the parent's, so no realpath call is needed for ordinary folders. */
  folderReal: string,
  depth: number,
  found: Found[],
  diagnostics: Diagnostic[],
  state: { folders: number; depthHit: boolean; foldersHit: boolean },
  limits: typeof DEFAULT_LIMITS,
  visited: Set<string>,
  onlyFile?: string,
): void {
  if (state.folders >= limits.maxFolders) {
    state.foldersHit = true;
    return;
  }
  state.folders++;
  let dirents: Dirent[];
  try {
    dirents = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    diagnostics.push(
      makeDiagnostic(
        'warning',
        'folder-unreadable',
        `The folder "${folder}" could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); its skills were skipped.`,
        folder,
        WHOLE_FILE,
      ),
    );
    return;
  }
  const byName = new Map(dirents.map((d) => [d.name, d]));
  const manifests: Array<{ path: string; format: SkillFormat; real: string }> = [];
  for (const { file, format } of MANIFEST_FORMATS) {
    const d = byName.get(file);
    if (!d) continue;
    const path = join(folder, file);
    if (onlyFile && path !== onlyFile) continue;
    let real = join(folderReal, file);
    if (d.isSymbolicLink()) {
      const target = safeRealpath(path);
      if (!target || !isWithin(rootReal, target)) {
        diagnostics.push(linkOutside(path, target));
        continue;
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
      rootReal,
      folder,
      manifest: winner.path,
      real: winner.real,
      format: winner.format,
      losers,
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
    if (d?.isSymbolicLink()) {
      // Only links to folders matter here; a link's target is stat-ed (to know it is a folder) but never read.
      const target = safeRealpath(path);
      if (!target || !isDirectory(target)) continue;
      if (!isWithin(rootReal, target)) {
        diagnostics.push(linkOutside(path, target));
        continue;
      }
      real = target;
    }
    if (visited.has(real)) continue; // link cycles and folders reached twice
    if (depth + 1 > limits.maxDepth) {
      state.depthHit = true;
      continue;
    }
    visited.add(real);
    walk(root, rootReal, path, real, depth + 1, found, diagnostics, state, limits, visited);
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function linkOutside(path: string, target: string | undefined): Diagnostic {
  return target
    ? makeDiagnostic(
        'warning',
        'link-outside-root',
        `"${path}" is a link to "${target}", outside its skill root; it was not followed. Copy the skill into the root or add its folder as a root.`,
        path,
        WHOLE_FILE,
      )
    : makeDiagnostic(
        'warning',
        'link-broken',
        `"${path}" is a broken link; it was skipped. Remove it or fix its target.`,
        path,
        WHOLE_FILE,
      );
}

function loadEntry(
  f: Found,
  id: string,
  options: LoadOptions,
  mcpServers: ReadonlySet<string> | undefined,
): { entry: LibraryEntry; raw?: RawManifest } {
  const maxBytes = options.maxManifestBytes ?? DEFAULT_MAX_MANIFEST_BYTES;
  const read = readManifestText(f.manifest, maxBytes);
  if (!read.ok) {
    return {
      entry: {
        id,
        rootId: f.root.id,
        path: f.manifest,
        format: f.format,
        status: 'invalid',
        diagnostics: [read.diagnostic],
      },
    };
  }
  let prompt: PromptFile | undefined;
  const extra: Diagnostic[] = [];
  if (f.format === 'legacy-json') {
    const promptPath = join(f.folder, 'prompt.md');
    if (existsSync(promptPath) && isInsideReal(f.rootReal, promptPath)) {
      const p = readManifestText(promptPath, maxBytes);
      if (p.ok) prompt = { path: promptPath, text: p.value.text };
      else extra.push(p.diagnostic);
    }
  }
  if (f.format === 'skill-md' && basename(f.manifest) !== 'SKILL.md') {
    const to = join(f.folder, 'SKILL.md');
    extra.push(
      makeDiagnostic(
        'error',
        'manifest-filename',
        `The manifest is named "${basename(f.manifest)}"; runtimes look for "SKILL.md" exactly, so on case-sensitive file systems this skill is never found. Rename it to SKILL.md.`,
        f.manifest,
        WHOLE_FILE,
        { title: 'Rename to SKILL.md', edits: [], rename: { from: f.manifest, to } },
      ),
    );
  }
  const raw = parseManifest(f.manifest, read.value, prompt);
  const result = validateManifest(raw, {
    profile: options.profile,
    id,
    ...(mcpServers ? { mcpServers } : {}),
  });
  const diagnostics = [...extra, ...result.diagnostics];
  const entry: LibraryEntry = {
    id,
    rootId: f.root.id,
    path: f.manifest,
    format: f.format,
    status: hasErrors(diagnostics) ? 'invalid' : 'loaded',
    diagnostics,
  };
  if (result.skill) {
    result.skill.diagnostics = diagnostics;
    entry.skill = result.skill;
  }
  return { entry, raw };
}

function isInsideReal(rootReal: string, path: string): boolean {
  const real = safeRealpath(path);
  return real !== undefined && isWithin(rootReal, real);
}

/** The first skill with a name (in root precedence order) wins; later ones are kept, marked and reported. */
function markIfShadowed(entry: LibraryEntry, raw: RawManifest, winners: Map<string, LibraryEntry>): void {
  const skill = entry.skill;
  if (!skill) return;
  const winner = winners.get(skill.name);
  if (!winner) {
    winners.set(skill.name, entry);
    return;
  }
  const sameRoot = winner.rootId === entry.rootId;
  entry.status = 'shadowed';
  entry.reason = `shadowed by ${winner.id}`;
  skill.shadowedBy = winner.id;
  entry.diagnostics.push(
    makeDiagnostic(
      sameRoot ? 'warning' : 'info',
      'name-shadowed',
      sameRoot
        ? `Another skill in the same root, ${winner.path}, is also named "${skill.name}" and takes precedence; this one is hidden. Rename one of them.`
        : `The skill "${skill.name}" from ${winner.id} (a root with higher precedence) takes precedence; this one is hidden.`,
      entry.path,
      rangeOf(raw, [raw.data && 'name' in raw.data ? 'name' : ''], 'value'),
    ),
  );
}

/** Names of the MCP servers configured in the roots' `.skillbench/mcp.json`, or undefined when no root has one. */
function configuredMcpServers(roots: RootInfo[], diagnostics: Diagnostic[]): ReadonlySet<string> | undefined {
  let names: Set<string> | undefined;
  for (const root of roots) {
    const file = join(root.path, MCP_CONFIG_RELATIVE);
    if (!existsSync(file)) continue;
    names ??= new Set();
    try {
      for (const name of Object.keys(readMcpConfig(file, root.path))) names.add(name);
    } catch (error) {
      diagnostics.push(
        makeDiagnostic('error', 'mcp-config-invalid', (error as Error).message, file, WHOLE_FILE),
      );
    }
  }
  return names;
}
