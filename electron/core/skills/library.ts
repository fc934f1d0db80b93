// Owns a skill library: one skill per real file however many agents' folders reach it, kept current one change at
// a time (a changed path re-reads only the skills whose folders it touches, then re-derives shadowing), and the
// editor's `validate(path, text)` running the very same steps on unsaved text. Beside it: the scan's steps
// (library-scan.ts, scan.ts), the index (library-index.ts), shadowing (shadowing.ts) and the regions of an update.
// Tested by: test/integration/library.test.ts
import { lstatSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { formatOfFile } from '../../../shared/manifest-formats.js';
import type { Diagnostic, LibraryEntry, Range, RootInfo, ValidationProfile } from '../../../shared/types.js';
import { isWithin, safeRealpath } from '../fs/confine.js';
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
import { findAll, jobOf, resolveStart, slotsOf } from './library-scan.js';
import { LibraryIndex } from './library-index.js';
import {
  limitsReached,
  readersOf,
  walkRoot,
  WHOLE_FILE,
  type Found,
  type RootState,
  type ScanState,
  type Walker,
} from './scan.js';
import { clashNameOf, deriveShadowing, shadowDiagnostic } from './shadowing.js';
import { compareSlots, mergeSorted, type Slot } from './slots.js';
import { parseManifest } from './validate.js';
import { regionsOf, regionStart } from './regions.js';
import { resolveRoots, rootPrecedence, type RootSpec } from './roots.js';

export { resolveRoots, rootPrecedence, type RootSpec } from './roots.js';

export interface LoadOptions {
  profile?: ValidationProfile;
  /**
   * Which wins a name clash between project and user roots (bundled always loses). Default: project; under the
   * `claude-code` profile always Claude Code's own order, personal skills first.
   */
  precedence?: 'project' | 'user';
  /**
   * Folders besides the roots that a link in a root may lead into and be read (the project, the agents' folders in
   * the home folder), as agents follow links there. A link leading anywhere else is reported and never read.
   */
  linkScopes?: readonly string[];
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
   * Worker threads for a full scan: by default none for small libraries and a few for large ones;
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
interface LibraryStats {
  /** Manifests read from disk (including re-reads for a shadowed skill's name range). */
  manifestsRead: number;
  /** Manifests run through the rules. */
  validated: number;
  /** Folders listed. */
  foldersRead: number;
  /** Worker threads whose evaluations the last full scan used (0: the main thread alone). */
  workers: number;
}

const DEFAULT_LIMITS = { maxDepth: 8, maxFolders: 100_000, maxSkills: 50_000 };
const LIMIT_CODES = new Set(['scan-depth-limit', 'scan-folder-limit', 'scan-skill-limit']);

export function loadLibrary(specs: RootSpec[], options: LoadOptions = {}): SkillLibrary {
  return new SkillLibrary(resolveRoots(specs, rootPrecedence(options)), options);
}

export class SkillLibrary implements Library {
  readonly roots: RootInfo[];
  entries: LibraryEntry[] = [];
  diagnostics: Diagnostic[] = [];
  readonly stats: LibraryStats = { manifestsRead: 0, validated: 0, foldersRead: 0, workers: 0 };
  private readonly states: RootState[];
  private readonly limits: typeof DEFAULT_LIMITS;
  private readonly index: LibraryIndex;

  /** Existence checks of the scan or update in progress (links, scripts), answered from folder listings. */
  private pass: PathCache | undefined;
  /** The real paths links may lead into, for the scan in progress. */
  private scopeCache: string[] | undefined;

  /** `roots` in precedence order, as `resolveRoots` gives them. */
  constructor(
    roots: RootInfo[],
    private readonly options: LoadOptions = {},
  ) {
    this.roots = roots;
    this.limits = { ...DEFAULT_LIMITS, ...definedLimits(options) };
    this.states = roots.map((info, index) => ({ info, index, start: info.path }));
    this.index = new LibraryIndex((skill) => clashNameOf(skill, options.profile));
    this.scanAll();
  }

  /** The loaded (not excluded) entry with this id. */
  entry(id: string): LibraryEntry | undefined {
    return this.index.byId.get(id)?.entry;
  }

  /** The entry whose manifest is at `path` (as found, or its real path). */
  entryAt(path: string): LibraryEntry | undefined {
    return this.index.byPath.get(path)?.entry;
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
    // A change to a link, or to a skill reached through one, touches places other roots reach too: rescan.
    if (this.touchesLinks(paths)) return this.reload();
    this.pass = new PathCache();
    try {
      return this.updateRegions(paths);
    } catch {
      // A change the incremental path cannot place is read again whole (each root and file is isolated there).
      this.pass = undefined;
      return this.reload();
    } finally {
      this.pass = undefined;
    }
  }

  private updateRegions(paths: readonly string[]): LibraryDelta {
    const index = this.index;
    const regions = regionsOf(
      this.states,
      paths.map((p) => resolve(p)),
      (folder) => index.byFolder.has(folder),
      this.limits.maxDepth,
    );
    const removed: Slot[] = [];
    const added: Slot[] = [];
    const fresh = new Set<Slot>();
    for (const { root, folder } of regions) {
      // A skill folder holds no other skill: its own slots are the region's (no pass over the library).
      const below = folder + sep;
      const inRegion =
        index.byFolder.get(folder)?.filter((s) => s.root === root) ??
        index.slots.filter((s) => s.root === root && (s.folder === folder || s.folder.startsWith(below)));
      // A skill reached from more than one place (a link in another agent's folder) spans regions: rescan.
      if (inRegion.some((slot) => slot.alsoAt.length > 0)) return this.reload();
      for (const slot of inRegion) {
        removed.push(slot);
        index.forget(slot);
      }
      // Problems found while scanning the region (links, unreadable folders) are found again below.
      this.diagnostics = this.diagnostics.filter((d) => !(isWithin(folder, d.file) && d.file !== root.start));
      const start = regionStart(root, folder);
      if (!start) continue;
      const found: Found[] = [];
      const state: ScanState = { folders: 0, depthHit: false, foldersHit: false };
      const depth = folder === root.start ? 0 : relative(root.start, folder).split(sep).length;
      walkRoot(this.walker(), root, { folder, real: start, depth }, found, state, new Set([start]));
      if (found.some((f) => f.viaLink || index.byPath.has(f.real))) return this.reload();
      for (const f of found) {
        for (const slot of this.load(f, fresh, this.evaluateHere(jobOf(f)))) {
          added.push(slot);
          index.remember(slot);
        }
      }
    }
    const dropped = new Set(removed);
    index.slots = mergeSorted(
      removed.length ? index.slots.filter((s) => !dropped.has(s)) : index.slots,
      added.sort(compareSlots),
    );
    const previous = new Map(removed.map((s) => [s.own.path, JSON.stringify(s.entry)]));
    // Shadowing can change only among skills with a name that left or arrived.
    const names = new Set(
      [...removed, ...added].flatMap((s) => (s.own.skill ? [index.clashName(s.own.skill).key] : [])),
    );
    // A re-read skill that came out as it was is touched (its files changed) but not changed.
    const entries = this.derive(fresh, names)
      .map((s) => s.entry)
      .filter((e) => previous.get(e.path) !== JSON.stringify(e));
    const gone = removed.filter((s) => !index.byPath.has(s.own.path));
    return {
      ids: [...new Set([...removed, ...added].map((s) => s.own.id).concat(entries.map((e) => e.id)))],
      entries,
      removed: [...new Set(gone.map((s) => s.own.path))],
      reset: false,
    };
  }

  /**
   * The diagnostics the library would report for `path` if it held `text`: the same parse, rules, MCP servers,
   * manifest-name check and shadowing as a load, for the editor's unsaved buffers.
   */
  validate(path: string, text: string, profile?: ValidationProfile): Diagnostic[] {
    const slot = this.index.byPath.get(path);
    if (slot?.own.status === 'excluded') return slot.own.diagnostics;
    const { entry, raw } = this.evaluateText(path, text, profile);
    const clash = entry.skill ? this.index.clashName(entry.skill) : undefined;
    const winner = clash === undefined ? undefined : this.index.byName.get(clash.key)?.[0];
    if (!raw || !entry.skill || !winner || winner === slot || (slot && compareSlots(winner, slot) > 0))
      return entry.diagnostics;
    return [...entry.diagnostics, shadowDiagnostic(entry, winner.own, nameRangeOf(raw), clash!)];
  }

  /**
   * The entry the manifest at `path` would load as if it held `text` (the Playground runs the editor's unsaved
   * text): the same parse and rules as a load, its id the loaded one's.
   */
  entryOfText(path: string, text: string, profile?: ValidationProfile): LibraryEntry {
    return this.evaluateText(path, text, profile).entry;
  }

  private evaluateText(path: string, text: string, profile?: ValidationProfile) {
    const slot = this.index.byPath.get(path);
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
      ...(slot?.own.skill?.plugin ? { plugin: slot.own.skill.plugin } : {}),
    };
    const id = slot?.own.id ?? basename(folder);
    this.stats.validated++;
    const { entry, raw } = evaluateManifest(
      jobOf(target, id, slot?.readers),
      { ok: true, value: fromDecodedText(text) },
      this.evaluateOptions(profile),
    );
    return { entry, raw };
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
    this.index.clear();
    this.diagnostics = [];
    this.scopeCache = undefined;
    // Every root is resolved before any is walked: a link in one may lead into another.
    for (const root of this.states) {
      const missing = resolveStart(root);
      if (missing) this.diagnostics.push(missing);
    }
    const { groups, state, skillsHit } = findAll(this.states, this.walker(), this.limits.maxSkills);
    // A skill reached by a link is placed where it really is when a root holds it there (the shared copy).
    const toLoad = groups.map((group) => ({ found: group.find((f) => !f.viaLink) ?? group[0]!, group }));
    // Every manifest is evaluated first (on worker threads for a large library), then placed in scan order.
    const jobs = toLoad.map(({ found, group }) => jobOf(found, undefined, readersOf(group)));
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
    const fresh = new Set<Slot>();
    toLoad.forEach(({ found, group }, i) => {
      for (const slot of this.load(found, fresh, evaluations[i]!, group)) {
        this.index.slots.push(slot);
        this.index.remember(slot);
      }
    });
    // A skill placed in a later root than the link that reached it first: back into scan order.
    if (groups.some((g) => g.length > 1)) this.index.slots.sort(compareSlots);
    this.diagnostics.push(...limitsReached(state, skillsHit, this.limits, this.roots));
    this.derive(fresh);
  }

  /** Whether a changed path is a link, or lies in (or holds) a place a skill is reached through a link. */
  private touchesLinks(paths: readonly string[]): boolean {
    const places = this.index.slots.flatMap((s) => [
      ...s.alsoAt.map((p) => dirname(p)),
      ...(s.alsoAt.length || s.viaLink ? [s.folder] : []),
    ]);
    return paths.some((given) => {
      const path = resolve(given);
      if (isLink(path)) return true;
      return places.some((place) => isWithin(place, path) || isWithin(path, place));
    });
  }

  /** Re-derives shadowing (for every name, or the clash names given) and publishes the entries. */
  private derive(fresh: ReadonlySet<Slot>, names?: ReadonlySet<string>): Slot[] {
    const changed = deriveShadowing(this.index.byName, fresh, names, this.index.clashName, (slot) =>
      this.rereadNameRange(slot),
    );
    this.entries = this.index.slots.map((s) => s.entry);
    return changed;
  }

  /** A skill that became shadowed without being re-read: where its `name` is written, from the file. */
  private rereadNameRange(slot: Slot): Range {
    this.stats.manifestsRead++;
    const read = readManifestText(slot.own.path, this.options.maxManifestBytes ?? DEFAULT_MAX_MANIFEST_BYTES);
    try {
      return read.ok ? nameRangeOf(parseManifest(slot.own.path, read.value)) : WHOLE_FILE;
    } catch {
      return WHOLE_FILE; // changed since it was evaluated, into something the parser cannot take: its next read says so
    }
  }

  /** What the walk of a root needs: the limits, the pass, where findings go, and where links may lead. */
  private walker(): Walker {
    return {
      limits: this.limits,
      stats: this.stats,
      pass: this.pass,
      report: (d) => this.diagnostics.push(d),
      mayFollow: (target) => this.scopes().some((scope) => isWithin(scope, target)),
    };
  }

  /** Real paths a link may lead into: every root that exists, and the link scopes given. */
  private scopes(): string[] {
    return (this.scopeCache ??= [
      ...this.states.flatMap((r) => (r.startReal ? [r.startReal] : [])),
      ...(this.options.linkScopes ?? []).flatMap((p) => {
        const real = safeRealpath(p);
        return real ? [real] : [];
      }),
    ]);
  }

  /** A found manifest's slots from its evaluation, counted. */
  private load(f: Found, fresh: Set<Slot>, evaluation: Evaluation, group?: readonly Found[]): Slot[] {
    this.stats.manifestsRead++;
    if (evaluation.validated) this.stats.validated++;
    return slotsOf(f, fresh, evaluation, group);
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

function definedLimits(options: LoadOptions): Partial<typeof DEFAULT_LIMITS> {
  const out: Partial<typeof DEFAULT_LIMITS> = {};
  if (options.maxDepth !== undefined) out.maxDepth = options.maxDepth;
  if (options.maxFolders !== undefined) out.maxFolders = options.maxFolders;
  if (options.maxSkills !== undefined) out.maxSkills = options.maxSkills;
  return out;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
