// Owns a skill library: walking roots (bounded, link-safe), picking each folder's manifest, shadowing by name, and
// keeping all of it current one change at a time (issue 10): a changed path re-reads and re-validates only the skills
// whose folders it touches, then re-derives shadowing (a map pass, no I/O but for a newly shadowed skill's name range).
// The editor's `validate(path, text)` runs the very same steps on unsaved text, so both always agree.
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { formatOfFile, MANIFEST_FORMATS } from '../../../shared/manifest-formats.js';
import type {
  Diagnostic,
  LibraryEntry,
  Range,
  RootInfo,
  SkillFormat,
  ValidationProfile,
} from '../../../shared/types.js';
import { isWithin } from '../fs-confine.js';
import { makeDiagnostic } from './diagnostic.js';
import { DEFAULT_MAX_MANIFEST_BYTES, fromDecodedText, readManifestText } from './manifest-text.js';
import {
  evaluateManifest,
  nameRangeOf,
  readAndEvaluate,
  type EvaluateOptions,
  type Evaluation,
  type ManifestJob,
} from './evaluate.js';
import { evaluateInParallel, workersFor } from './parallel.js';
import { PathCache } from './path-cache.js';
import { parseManifest } from './validate.js';

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
  /** Names of the MCP servers configured for the library; when given, `mcp` targets naming another are reported. */
  mcpServers?: ReadonlySet<string>;
  /**
   * Worker threads for a full scan: by default none for small libraries and a few for large ones (issue 14);
   * a number forces that many (0: the main thread only).
   */
  workers?: number;
}

export interface Library {
  roots: RootInfo[];
  entries: LibraryEntry[];
  /** Problems with the roots themselves: missing folders, links out of a root, limits reached. */
  diagnostics: Diagnostic[];
}

/** What one update changed: entries keyed by manifest path (a folder's losers share the winner's id). */
export interface LibraryDelta {
  /** Ids of the skills touched: re-read (their files changed), changed, added or removed. */
  ids: string[];
  /** New state of each entry that changed or appeared. */
  entries: LibraryEntry[];
  /** Paths of the entries that are gone. */
  removed: string[];
  /** True when the whole library was rescanned. */
  reset: boolean;
}

/** Work done since the library was created, for tests and benchmarks that count it. */
export interface LibraryStats {
  /** Manifests read from disk (including re-reads for a shadowed skill's name range). */
  manifestsRead: number;
  /** Manifests run through the rules. */
  validated: number;
  /** Folders listed. */
  foldersRead: number;
  /** Worker threads whose evaluations the last full scan used (0: the main thread alone). */
  workers: number;
}

export const DEFAULT_LIMITS = { maxDepth: 8, maxFolders: 100_000, maxSkills: 50_000 };
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);
const WHOLE_FILE = { line: 1, column: 1, endLine: 1, endColumn: 1 };
const LIMIT_CODES = new Set(['scan-depth-limit', 'scan-folder-limit', 'scan-skill-limit']);

interface RootState {
  info: RootInfo;
  index: number;
  /** Real path of the folder the scan starts in (the root, or a manifest file's folder). */
  startReal?: string;
  start: string;
  /** The root is one manifest file: only it is loaded. */
  onlyFile?: string;
}

interface Found {
  root: RootState;
  folder: string;
  manifest: string;
  /** Real path of the manifest, for deduplication across roots and links. */
  real: string;
  format: SkillFormat;
  /** Other manifests in the same folder that lose to this one. */
  losers: Array<{ path: string; format: SkillFormat }>;
}

/** One entry of the library with what its place, its identity and its derived state depend on. */
interface Slot {
  root: RootState;
  /** Folder path below the root, one name per level: the scan order is the order of these. */
  segments: string[];
  /** 0 for a folder's winning manifest, 1.. for the ones it overrides. */
  rank: number;
  folder: string;
  real: string;
  /** The entry as loaded and validated, before shadowing. */
  own: LibraryEntry;
  /** The entry as published: `own`, or a copy marked shadowed. */
  entry: LibraryEntry;
  /** What the shadowing diagnostic says about the winner (see shadowKey), when shadowed. */
  shadow?: string;
  /** Where `name` is written (for the shadowing diagnostic), once known. */
  nameRange?: Range;
}

interface ScanState {
  folders: number;
  depthHit: boolean;
  foldersHit: boolean;
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
    return { id, path: resolve(s.path), kind, trusted: kind === 'bundled' };
  });
}

const KIND_ORDER: Record<'project' | 'user', Record<RootKind, number>> = {
  project: { project: 0, user: 1, bundled: 2 },
  user: { user: 0, project: 1, bundled: 2 },
};

export function loadLibrary(specs: RootSpec[], options: LoadOptions = {}): SkillLibrary {
  return new SkillLibrary(resolveRoots(specs, options.precedence), options);
}

export class SkillLibrary implements Library {
  readonly roots: RootInfo[];
  entries: LibraryEntry[] = [];
  diagnostics: Diagnostic[] = [];
  readonly stats: LibraryStats = { manifestsRead: 0, validated: 0, foldersRead: 0, workers: 0 };
  private readonly states: RootState[];
  private readonly limits: typeof DEFAULT_LIMITS;
  private slots: Slot[] = [];
  /** Manifest path (as found, and real) -> slot. */
  private byPath = new Map<string, Slot>();
  /** Skill folder -> its slots (winner first). */
  private byFolder = new Map<string, Slot[]>();
  /** Skill id -> the slot of its folder's winning manifest. */
  private byId = new Map<string, Slot>();
  /** Skill name -> the slots of that name in scan order: the first one wins, the others are shadowed. */
  private byName = new Map<string, Slot[]>();

  /** Existence checks of the scan or update in progress (links, scripts), answered from folder listings. */
  private pass: PathCache | undefined;

  /** `roots` in precedence order, as `resolveRoots` gives them. */
  constructor(
    roots: RootInfo[],
    private readonly options: LoadOptions = {},
  ) {
    this.roots = roots;
    this.limits = { ...DEFAULT_LIMITS, ...definedLimits(options) };
    this.states = roots.map((info, index) => ({ info, index, start: info.path }));
    this.scanAll();
  }

  /** The loaded (not excluded) entry with this id. */
  entry(id: string): LibraryEntry | undefined {
    return this.byId.get(id)?.entry;
  }

  /** The entry whose manifest is at `path` (as found, or its real path). */
  entryAt(path: string): LibraryEntry | undefined {
    return this.byPath.get(path)?.entry;
  }

  /** Rescans every root. */
  reload(): LibraryDelta {
    const before = this.entries;
    this.scanAll();
    return rescanDelta(before, this.entries);
  }

  /**
   * Brings the library up to date after files or folders changed (absolute paths, as a watcher reports them):
   * only the skills in the folders they touch are re-read. A path outside every root changes nothing.
   */
  update(paths: readonly string[]): LibraryDelta {
    if (this.diagnostics.some((d) => LIMIT_CODES.has(d.code))) return this.reload(); // counts are global
    this.pass = new PathCache();
    try {
      return this.updateRegions(paths);
    } finally {
      this.pass = undefined;
    }
  }

  private updateRegions(paths: readonly string[]): LibraryDelta {
    const regions = this.regionsOf(paths.map((p) => resolve(p)));
    const removed: Slot[] = [];
    const added: Slot[] = [];
    const fresh = new Set<Slot>();
    for (const { root, folder } of regions) {
      // A skill folder holds no other skill: its own slots are the region's (no pass over the library).
      const below = folder + sep;
      const inRegion =
        this.byFolder.get(folder)?.filter((s) => s.root === root) ??
        this.slots.filter((s) => s.root === root && (s.folder === folder || s.folder.startsWith(below)));
      for (const slot of inRegion) {
        removed.push(slot);
        this.forget(slot);
      }
      // Problems found while scanning the region (links, unreadable folders) are found again below.
      this.diagnostics = this.diagnostics.filter((d) => !(isWithin(folder, d.file) && d.file !== root.start));
      const start = this.regionStart(root, folder);
      if (!start) continue;
      const found: Found[] = [];
      const state: ScanState = { folders: 0, depthHit: false, foldersHit: false };
      const depth = folder === root.start ? 0 : relative(root.start, folder).split(sep).length;
      this.walk(root, folder, start, depth, found, state, new Set([start]));
      for (const f of found) {
        if (this.byPath.has(f.real)) continue; // the same file, already loaded through another root or link
        for (const slot of this.load(f, fresh, this.evaluateHere(this.job(f)))) {
          added.push(slot);
          this.remember(slot);
        }
      }
    }
    const dropped = new Set(removed);
    this.slots = mergeSorted(
      removed.length ? this.slots.filter((s) => !dropped.has(s)) : this.slots,
      added.sort(compareSlots),
    );
    const previous = new Map(removed.map((s) => [s.own.path, JSON.stringify(s.entry)]));
    // Shadowing can change only among skills with a name that left or arrived.
    const names = new Set([...removed, ...added].flatMap((s) => (s.own.skill ? [s.own.skill.name] : [])));
    // A re-read skill that came out as it was is touched (its files changed) but not changed.
    const entries = this.derive(fresh, names)
      .map((s) => s.entry)
      .filter((e) => previous.get(e.path) !== JSON.stringify(e));
    const gone = removed.filter((s) => !this.byPath.has(s.own.path));
    return {
      ids: [...new Set([...removed, ...added].map((s) => s.own.id).concat(entries.map((e) => e.id)))],
      entries,
      removed: [...new Set(gone.map((s) => s.own.path))],
      reset: false,
    };
  }

  /**
   * The diagnostics the library would report for `path` if it held `text`: the same parse, rules, MCP servers,
   * manifest-name check and shadowing as a load (issue 10), for the editor's unsaved buffers.
   */
  validate(path: string, text: string, profile?: ValidationProfile): Diagnostic[] {
    const slot = this.byPath.get(path);
    if (slot?.own.status === 'excluded') return slot.own.diagnostics;
    const folder = slot?.folder ?? dirname(path);
    const target: Found = {
      root: slot?.root ?? {
        info: { id: '', path: folder, kind: 'project', trusted: false },
        index: -1,
        start: folder,
      },
      folder,
      manifest: slot?.own.path ?? path,
      real: path,
      format: slot?.own.format ?? formatOfFile(path),
      losers: [],
    };
    const id = slot?.own.id ?? basename(folder);
    this.stats.validated++;
    const { entry, raw } = evaluateManifest(
      this.job(target, id),
      { ok: true, value: fromDecodedText(text) },
      this.evaluateOptions(profile),
    );
    const name = entry.skill?.name;
    const winner = name === undefined ? undefined : this.byName.get(name)?.[0];
    if (!raw || !entry.skill || !winner || winner === slot || (slot && compareSlots(winner, slot) > 0))
      return entry.diagnostics;
    return [...entry.diagnostics, shadowDiagnostic(entry, winner.own, nameRangeOf(raw))];
  }

  private scanAll(): void {
    this.pass = new PathCache();
    try {
      this.scanRoots();
    } finally {
      this.pass = undefined;
    }
  }

  private scanRoots(): void {
    this.slots = [];
    this.byPath = new Map();
    this.byFolder = new Map();
    this.byId = new Map();
    this.byName = new Map();
    this.diagnostics = [];
    const state: ScanState = { folders: 0, depthHit: false, foldersHit: false };
    let skills = 0;
    let skillsHit = false;
    const fresh = new Set<Slot>();
    const seen = new Set<string>();
    const toLoad: Found[] = [];
    for (const root of this.states) {
      root.start = root.info.path;
      root.onlyFile = undefined;
      try {
        const stat = statSync(root.info.path);
        root.startReal = realpathSync(root.info.path);
        if (!stat.isDirectory()) {
          // A manifest file given directly: load just that one, confined to its folder.
          root.onlyFile = root.info.path;
          root.start = dirname(root.info.path);
          root.startReal = dirname(root.startReal);
        }
      } catch {
        root.startReal = undefined;
        this.diagnostics.push(
          makeDiagnostic(
            'error',
            'root-missing',
            `The skill root "${root.info.path}" does not exist or cannot be read. Check the path.`,
            root.info.path,
            WHOLE_FILE,
          ),
        );
        continue;
      }
      const found: Found[] = [];
      this.walk(root, root.start, root.startReal, 0, found, state, new Set([root.startReal]));
      for (const f of found) {
        if (seen.has(f.real)) continue; // the same file reached through two roots or two links
        if (skills >= this.limits.maxSkills) {
          skillsHit = true;
          break;
        }
        skills++;
        // The paths `remember` will index for this folder's slots (the winner's and each loser's).
        seen.add(f.manifest).add(f.real);
        f.losers.forEach((l) => seen.add(l.path));
        toLoad.push(f);
      }
    }
    // Every manifest is evaluated first (on worker threads for a large library), then placed in scan order.
    const jobs = toLoad.map((f) => this.job(f));
    const workers = workersFor(jobs.length, this.options.workers);
    let evaluations: Evaluation[];
    if (workers) {
      const run = evaluateInParallel(jobs, workers, this.evaluateOptions(), (job) => this.evaluateHere(job));
      evaluations = run.evaluations;
      this.stats.workers = run.delivered;
    } else {
      evaluations = jobs.map((job) => this.evaluateHere(job));
      this.stats.workers = 0;
    }
    toLoad.forEach((f, i) => {
      for (const slot of this.load(f, fresh, evaluations[i]!)) {
        this.slots.push(slot);
        this.remember(slot);
      }
    });
    const roots = this.roots;
    if (state.depthHit)
      this.diagnostics.push(
        limitDiagnostic(
          'scan-depth-limit',
          `Folders deeper than ${this.limits.maxDepth} levels below a root were not searched. Add the deeper folder as a root of its own.`,
          roots,
        ),
      );
    if (state.foldersHit)
      this.diagnostics.push(
        limitDiagnostic(
          'scan-folder-limit',
          `The scan stopped after ${this.limits.maxFolders} folders; some skills may be missing. Point the root at a smaller folder.`,
          roots,
        ),
      );
    if (skillsHit)
      this.diagnostics.push(
        limitDiagnostic(
          'scan-skill-limit',
          `The scan stopped after ${this.limits.maxSkills} skills; the rest were not loaded. Split the library into smaller roots.`,
          roots,
        ),
      );
    this.derive(fresh);
  }

  /**
   * Folders to rescan for changed paths, per root: the skill folder holding a path, else the changed folder itself,
   * else (a new or deleted manifest) its folder. Paths the scan never looks at (hidden, skipped, too deep) are
   * dropped; a region inside another is covered by it.
   */
  private regionsOf(paths: readonly string[]): Array<{ root: RootState; folder: string }> {
    const out: Array<{ root: RootState; folder: string }> = [];
    for (const root of this.states) {
      if (root.startReal === undefined) continue;
      const folders: string[] = [];
      for (const given of paths) {
        // Paths may come as the watcher sees them (below the root as given) or real (from the path guard).
        const path = isWithin(root.start, given)
          ? given
          : isWithin(root.startReal, given)
            ? join(root.start, relative(root.startReal, given))
            : undefined;
        if (path === undefined) continue;
        const folder = this.regionFolder(root, path);
        if (folder !== undefined) folders.push(folder);
      }
      folders.sort((a, b) => a.length - b.length);
      const kept: string[] = [];
      for (const f of folders) if (!kept.some((k) => isWithin(k, f))) kept.push(f);
      out.push(...kept.map((folder) => ({ root, folder })));
    }
    return out;
  }

  private regionFolder(root: RootState, path: string): string | undefined {
    if (root.onlyFile) return root.start;
    for (let dir = path; isWithin(root.start, dir); dir = dirname(dir)) {
      if (this.byFolder.has(dir)) return dir; // inside a skill: its links, scripts and manifests are its own
      if (dir === root.start) break;
    }
    const rel = relative(root.start, path);
    const names = rel === '' ? [] : rel.split(sep);
    // Below the root, the scan never enters hidden or skipped folders, nor goes deeper than the limit.
    if (names.slice(0, -1).some((n) => n.startsWith('.') || SKIPPED_FOLDERS.has(n))) return undefined;
    const last = names[names.length - 1];
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      stat = undefined;
    }
    if (stat?.isFile()) return dirname(path); // a manifest written (or any file) in a folder that is no skill yet
    if (last !== undefined && (last.startsWith('.') || SKIPPED_FOLDERS.has(last))) return undefined;
    if (names.length > this.limits.maxDepth) return undefined;
    // A folder added, removed or renamed, or a link: rescan it (a removed one only loses its skills).
    return path;
  }

  /** Real path of a region's folder when the scan would enter it (it exists, and links stay inside the root). */
  private regionStart(root: RootState, folder: string): string | undefined {
    const real = safeRealpath(folder);
    if (!real || !isDirectory(real) || !root.startReal || !isWithin(root.startReal, real)) return undefined;
    return real;
  }

  private remember(slot: Slot): void {
    this.byPath.set(slot.own.path, slot);
    this.byPath.set(slot.real, slot);
    insertSorted(this.byFolder, slot.folder, slot, (a, b) => a.rank - b.rank);
    if (slot.own.status === 'excluded') return;
    this.byId.set(slot.own.id, slot);
    if (slot.own.skill) insertSorted(this.byName, slot.own.skill.name, slot, compareSlots);
  }

  private forget(slot: Slot): void {
    if (this.byPath.get(slot.own.path) === slot) this.byPath.delete(slot.own.path);
    if (this.byPath.get(slot.real) === slot) this.byPath.delete(slot.real);
    if (this.byId.get(slot.own.id) === slot) this.byId.delete(slot.own.id);
    removeFrom(this.byFolder, slot.folder, slot);
    if (slot.own.skill) removeFrom(this.byName, slot.own.skill.name, slot);
  }

  /**
   * Publishes each slot's entry: its own, or a copy marked shadowed by the first skill with its name in scan order.
   * Looks at every slot after a scan, and only at the skills named in `names` after an update. Returns the slots
   * whose published entry was replaced (the fresh ones, and those whose winner changed).
   */
  private derive(fresh: ReadonlySet<Slot>, names?: ReadonlySet<string>): Slot[] {
    const changed: Slot[] = [];
    const publish = (slot: Slot, winner: Slot | undefined) => {
      const shadow = winner ? shadowKey(slot.own, winner.own) : undefined;
      if (!fresh.has(slot) && shadow === slot.shadow) return;
      slot.shadow = shadow;
      if (!winner) slot.entry = slot.own;
      else {
        slot.nameRange ??= this.rereadNameRange(slot);
        slot.entry = shadowed(slot.own, winner.own, slot.nameRange);
      }
      changed.push(slot);
    };
    const lists = names ? [...names].map((n) => this.byName.get(n) ?? []) : [...this.byName.values()];
    const ranked = new Set<Slot>();
    for (const list of lists)
      list.forEach((slot, i) => (ranked.add(slot), publish(slot, i > 0 ? list[0] : undefined)));
    // Slots without a name to clash on (excluded, unparsed) are published as they are.
    for (const slot of fresh) if (!ranked.has(slot)) publish(slot, undefined);
    this.entries = this.slots.map((s) => s.entry);
    return changed;
  }

  /** A skill that became shadowed without being re-read: where its `name` is written, from the file. */
  private rereadNameRange(slot: Slot): Range {
    this.stats.manifestsRead++;
    const read = readManifestText(slot.own.path, this.options.maxManifestBytes ?? DEFAULT_MAX_MANIFEST_BYTES);
    return read.ok ? nameRangeOf(parseManifest(slot.own.path, read.value)) : WHOLE_FILE;
  }

  private walk(
    root: RootState,
    folder: string,
    /** The folder's real path: known from the parent's, so no realpath call is needed for ordinary folders. */
    folderReal: string,
    depth: number,
    found: Found[],
    state: ScanState,
    visited: Set<string>,
  ): void {
    const rootReal = root.startReal ?? folderReal;
    if (state.folders >= this.limits.maxFolders) {
      state.foldersHit = true;
      return;
    }
    state.folders++;
    this.stats.foldersRead++;
    let dirents: Dirent[];
    try {
      dirents = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      this.diagnostics.push(
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
    this.pass?.seed(folder, dirents);
    const onlyFile = root.onlyFile;
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
          this.diagnostics.push(linkOutside(path, target));
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
      found.push({ root, folder, manifest: winner.path, real: winner.real, format: winner.format, losers });
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
          this.diagnostics.push(linkOutside(path, target));
          continue;
        }
        real = target;
      }
      if (visited.has(real)) continue; // link cycles and folders reached twice
      if (depth + 1 > this.limits.maxDepth) {
        state.depthHit = true;
        continue;
      }
      visited.add(real);
      this.walk(root, path, real, depth + 1, found, state, visited);
    }
  }

  /** A found manifest's slot, and one per manifest it overrides, from its evaluation. */
  private load(f: Found, fresh: Set<Slot>, evaluation: Evaluation): Slot[] {
    const rel = relative(f.root.start, f.folder).split(sep).join('/');
    const segments = rel && rel !== '.' ? rel.split('/') : [];
    this.stats.manifestsRead++;
    if (evaluation.validated) this.stats.validated++;
    const { entry } = evaluation;
    const id = entry.id;
    const slot: Slot = { root: f.root, segments, rank: 0, folder: f.folder, real: f.real, own: entry, entry };
    fresh.add(slot);
    const slots = [slot];
    f.losers.forEach((loser, i) => {
      const own: LibraryEntry = {
        id,
        rootId: f.root.info.id,
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
      };
      const s: Slot = { ...slot, rank: i + 1, real: loser.path, own, entry: own };
      fresh.add(s);
      slots.push(s);
    });
    return slots;
  }

  /** What evaluating a found manifest needs, as plain data (a worker gets the same). */
  private job(f: Found, id?: string): ManifestJob {
    const rel = relative(f.root.start, f.folder).split(sep).join('/');
    return {
      manifest: f.manifest,
      folder: f.folder,
      format: f.format,
      id: id ?? (rel && rel !== '.' ? `${f.root.info.id}/${rel}` : f.root.info.id),
      rootId: f.root.info.id,
      rootReal: f.root.startReal ?? f.folder,
    };
  }

  private evaluateOptions(profile?: ValidationProfile): EvaluateOptions {
    const profileUsed = profile ?? this.options.profile;
    return {
      ...(profileUsed ? { profile: profileUsed } : {}),
      ...(this.options.maxManifestBytes !== undefined
        ? { maxManifestBytes: this.options.maxManifestBytes }
        : {}),
      ...(this.options.mcpServers ? { mcpServers: this.options.mcpServers } : {}),
      ...(this.pass ? { pathExists: this.pass.exists } : {}),
    };
  }

  /** Reads and evaluates a found manifest on this thread. */
  private evaluateHere(job: ManifestJob): Evaluation {
    return readAndEvaluate(job, this.evaluateOptions());
  }
}

/** What a full rescan changed: everything it holds now, and the entries (by path) it no longer holds. */
export function rescanDelta(before: readonly LibraryEntry[], after: LibraryEntry[]): LibraryDelta {
  const paths = new Set(after.map((e) => e.path));
  return {
    ids: [...new Set([...before, ...after].map((e) => e.id))],
    entries: after,
    removed: before.filter((e) => !paths.has(e.path)).map((e) => e.path),
    reset: true,
  };
}

/** Scan order: roots by precedence, then folders depth-first by name, then a folder's manifests by rank. */
function compareSlots(a: Slot, b: Slot): number {
  if (a.root.index !== b.root.index) return a.root.index - b.root.index;
  const n = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const x = a.segments[i] ?? '';
    const y = b.segments[i] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.segments.length - b.segments.length || a.rank - b.rank;
}

/** Adds `slot` to the list at `key`, keeping the list ordered. */
function insertSorted(
  map: Map<string, Slot[]>,
  key: string,
  slot: Slot,
  compare: (a: Slot, b: Slot) => number,
): void {
  const list = map.get(key);
  if (!list) {
    map.set(key, [slot]);
    return;
  }
  let i = list.length;
  while (i > 0 && compare(list[i - 1]!, slot) > 0) i--;
  list.splice(i, 0, slot);
}

function removeFrom(map: Map<string, Slot[]>, key: string, slot: Slot): void {
  const list = map.get(key)?.filter((s) => s !== slot);
  if (list?.length) map.set(key, list);
  else map.delete(key);
}

function mergeSorted(a: Slot[], b: Slot[]): Slot[] {
  if (b.length === 0) return a;
  const out: Slot[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compareSlots(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/** Everything the shadowing diagnostic depends on besides the loser itself: equal keys, equal diagnostics. */
function shadowKey(entry: LibraryEntry, winner: LibraryEntry): string {
  return winner.rootId === entry.rootId ? `same\0${winner.path}` : `other\0${winner.id}`;
}

function shadowDiagnostic(entry: LibraryEntry, winner: LibraryEntry, range: Range): Diagnostic {
  const sameRoot = winner.rootId === entry.rootId;
  const name = entry.skill?.name ?? '';
  return makeDiagnostic(
    sameRoot ? 'warning' : 'info',
    'name-shadowed',
    sameRoot
      ? `Another skill in the same root, ${winner.path}, is also named "${name}" and takes precedence; this one is hidden. Rename one of them.`
      : `The skill "${name}" from ${winner.id} (a root with higher precedence) takes precedence; this one is hidden.`,
    entry.path,
    range,
  );
}

/** A copy of `own` marked as shadowed by `winner` (the first skill with its name in precedence order). */
function shadowed(own: LibraryEntry, winner: LibraryEntry, range: Range): LibraryEntry {
  const diagnostics = [...own.diagnostics, shadowDiagnostic(own, winner, range)];
  return {
    ...own,
    status: 'shadowed',
    reason: `shadowed by ${winner.id}`,
    diagnostics,
    ...(own.skill ? { skill: { ...own.skill, diagnostics, shadowedBy: winner.id } } : {}),
  };
}

function definedLimits(options: LoadOptions): Partial<typeof DEFAULT_LIMITS> {
  const out: Partial<typeof DEFAULT_LIMITS> = {};
  if (options.maxDepth !== undefined) out.maxDepth = options.maxDepth;
  if (options.maxFolders !== undefined) out.maxFolders = options.maxFolders;
  if (options.maxSkills !== undefined) out.maxSkills = options.maxSkills;
  return out;
}

function limitDiagnostic(code: string, message: string, roots: RootInfo[]): Diagnostic {
  return makeDiagnostic('warning', code, message, roots[0]?.path ?? '', WHOLE_FILE);
}

function safeRealpath(path: string): string | undefined {
  try {
    return realpathSync.native(path); // one syscall; the JS realpath lstat-s every path component
  } catch {
    return undefined;
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
