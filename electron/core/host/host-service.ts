// Owns serving the IPC contract from core: one handler per channel, requests checked against the contract's
// schemas, paths confined to the roots, errors returned as values. Electron main and `skillbench serve` are thin
// adapters over this class.
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  watch,
  type FSWatcher,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Ajv } from 'ajv';
import {
  CONTRACT,
  type Channel,
  type EventName,
  type EventOf,
  type IpcResult,
  type RequestOf,
  type ResponseOf,
} from '../../../shared/ipc.js';
import type { McpServerView, SavedCaseView } from '../../../shared/host-types.js';
import { SkillError } from '../../../shared/errors.js';
import type { JsonValue, LibraryEntry } from '../../../shared/types.js';
import { caseFiles, CASE_SUFFIX, CASES_DIR, readCase, runCase } from '../cases/cases.js';
import { DraftStore } from '../editor/drafts.js';
import { hashBytes, readFileSnapshot, saveFileAtomically } from '../editor/save-file.js';
import { createSkill, deleteSkill, duplicateSkill, renameSkill } from '../editor/skill-ops.js';
import { HistoryStore } from '../history/history-store.js';
import { loadMcpServers, parseMcpConfig } from '../mcp/config.js';
import { McpPool } from '../mcp/pool.js';
import { packageVersion } from '../paths.js';
import { loadLibrary, validateText, type Library, type RootSpec } from '../skills/index.js';
import { Executor } from '../tools/executor.js';
import { isSafeExternalUrl } from '../../../shared/urls.js';
import { isWithin } from '../fs-confine.js';
import { confine } from './path-guard.js';
import { SettingsStore } from './settings-store.js';

/** What only the hosting process can do (a native dialog, the OS browser); absent in browser mode. */
export interface HostPlatform {
  pickFolder?(title: string): Promise<string | undefined>;
  openExternal?(url: string): Promise<void>;
}

export interface HostServiceOptions {
  bundledSkills: string;
  userDataDir: string;
  /** Roots given on the command line (project roots), before the ones the user added in settings. */
  projectRoots?: string[];
  platform?: HostPlatform;
  /** Watch the roots for changes made outside the app (default true). */
  watch?: boolean;
}

type Handlers = { [C in Channel]: (request: RequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C> };
type Listener = (payload: unknown) => void;

const LIST_FILES_CAP = 2000;

export class HostService {
  readonly settings: SettingsStore;
  readonly history: HistoryStore;
  private readonly drafts: DraftStore;
  private library!: Library;
  private executor!: Executor;
  private pool!: McpPool;
  private serversKey = '';
  private readonly runs = new Map<string, AbortController>();
  private readonly listeners = new Map<EventName, Set<Listener>>();
  private readonly validators = new Map<Channel, ReturnType<Ajv['compile']>>();
  private watchers: FSWatcher[] = [];
  private watchedRoots = '';
  private readonly changedPaths = new Set<string>();
  /** Files the app itself just wrote, with their hash: the watcher's echo of such a write is not a change. */
  private readonly ownWrites = new Map<string, string>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: HostServiceOptions) {
    this.settings = new SettingsStore(options.userDataDir);
    this.drafts = new DraftStore(join(options.userDataDir, 'drafts'));
    this.history = new HistoryStore(join(options.userDataDir, 'history.jsonl'), this.settings.get().history);
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const [channel, spec] of Object.entries(CONTRACT))
      this.validators.set(channel as Channel, ajv.compile(spec.request));
    this.reload();
  }

  /** Rebuilds the library, MCP pool and executor from the roots and settings. */
  reload(): void {
    const settings = this.settings.get();
    const specs: RootSpec[] = [
      ...(this.options.projectRoots ?? []).map((path) => ({ path, kind: 'project' as const })),
      ...settings.roots.map((path) => ({ path, kind: 'user' as const })),
      { path: this.options.bundledSkills, kind: 'bundled' },
    ];
    this.library = loadLibrary(specs, { profile: settings.profile, precedence: settings.precedence });
    const fromRoots = loadMcpServers(this.library.roots.map((r) => r.path));
    const fromSettings = Object.keys(settings.mcpServers).length
      ? parseMcpConfig(
          { mcpServers: settings.mcpServers },
          this.settings.file,
          this.options.userDataDir,
          this.options.userDataDir,
        )
      : {};
    // Connections survive a reload unless the servers' configuration changed: a save must not restart them.
    const servers = { ...fromRoots, ...fromSettings };
    const serversKey = JSON.stringify(servers);
    if (serversKey !== this.serversKey) {
      void this.pool?.close();
      this.pool = new McpPool(servers);
      this.serversKey = serversKey;
    }
    this.executor = new Executor(this.library.entries, {
      mcp: this.pool,
      onRun: (r) => this.history.record(r),
    });
    if (this.options.watch !== false) this.watchRoots();
  }

  /** Watches every root for changes made outside the app; bursts are debounced into one skills:changed event. */
  private watchRoots(): void {
    const key = this.library.roots.map((r) => r.path).join('\0');
    if (key === this.watchedRoots) return;
    this.stopWatching();
    this.watchedRoots = key;
    for (const root of this.library.roots) {
      try {
        const watcher = watch(root.path, { recursive: true }, (_event, filename) => {
          if (!filename || /(^|[\\/])\.[^\\/]*\.tmp$/.test(filename)) return; // our own atomic-save temp files
          const full = join(root.path, filename);
          if (this.isOwnWrite(full)) return;
          this.changedPaths.add(full);
          clearTimeout(this.flushTimer);
          this.flushTimer = setTimeout(() => this.flushChanges(), 200);
        });
        watcher.on('error', () => watcher.close());
        this.watchers.push(watcher);
      } catch {
        // No watching (e.g. the OS limit on watches): changes still show after the next reload.
      }
    }
  }

  private rememberWrite(path: string, hash: string): void {
    this.ownWrites.set(path, hash);
    setTimeout(() => {
      if (this.ownWrites.get(path) === hash) this.ownWrites.delete(path);
    }, 2000).unref();
  }

  /** The file is as the app last wrote it (the watcher reports the app's own save). */
  private isOwnWrite(path: string): boolean {
    if (this.ownWrites.size === 0) return false;
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      return false;
    }
    const hash = this.ownWrites.get(real);
    if (hash === undefined) return false;
    try {
      return hashBytes(readFileSync(real)) === hash;
    } catch {
      return false;
    }
  }

  private stopWatching(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
    this.watchedRoots = '';
    clearTimeout(this.flushTimer);
  }

  private flushChanges(): void {
    const paths = [...this.changedPaths];
    this.changedPaths.clear();
    const touched = (entries: readonly LibraryEntry[]) =>
      entries
        .filter((e) =>
          paths.some(
            (p) => p === e.path || p.startsWith(dirname(e.path) + sep) || dirname(e.path).startsWith(p + sep),
          ),
        )
        .map((e) => e.id);
    const before = touched(this.library.entries);
    this.reload();
    const ids = [...new Set([...before, ...touched(this.library.entries)])];
    this.emit('skills:changed', {
      ids,
      entries: [],
      removed: [],
      diagnostics: this.library.diagnostics,
      reset: true,
    });
  }

  on<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener as Listener);
    this.listeners.set(event, set);
    return () => set.delete(listener as Listener);
  }

  private emit<E extends EventName>(event: E, payload: EventOf<E>): void {
    for (const l of this.listeners.get(event) ?? []) l(payload);
  }

  /** The one entry point of every transport: checks the request, runs the handler, returns a value or an error value. */
  async handle(channel: string, request: unknown): Promise<IpcResult<unknown>> {
    const validate = this.validators.get(channel as Channel);
    if (!validate)
      return { ok: false, error: { code: 'NotFound', message: `Unknown channel "${channel}".` } };
    if (!validate(request ?? {})) {
      const details = (validate.errors ?? []).map((e) => ({
        path: e.instancePath || '(root)',
        message: e.message ?? 'is invalid',
      }));
      return {
        ok: false,
        error: {
          code: 'InvalidArgs',
          message: `Invalid request for ${channel}: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}.`,
          details,
        },
      };
    }
    try {
      const handler = this.handlers[channel as Channel] as (r: unknown) => unknown;
      return { ok: true, value: await handler(request ?? {}) };
    } catch (error) {
      const e =
        error instanceof SkillError
          ? error
          : new SkillError('Io', `Unexpected failure in ${channel}: ${(error as Error).message}`);
      return { ok: false, error: e.toJSON() };
    }
  }

  async close(): Promise<void> {
    this.stopWatching();
    for (const c of this.runs.values()) c.abort();
    await this.pool.close();
  }

  private rootPaths(): string[] {
    return this.library.roots.map((r) => r.path);
  }

  private entry(id: string): LibraryEntry {
    const e = this.library.entries.find((x) => x.id === id && x.status !== 'excluded');
    if (!e) throw new SkillError('NotFound', `No skill with id "${id}" is loaded.`);
    return e;
  }

  private folderOf(id: string): string {
    return confine(dirname(this.entry(id).path), this.rootPaths());
  }

  /**
   * `path` confined to the roots the user may change: the bundled examples are read-only (an update would
   * overwrite edits, and a packaged app's resources must not change).
   */
  private writable(path: string): string {
    const writableRoots = this.library.roots.filter((r) => r.kind !== 'bundled').map((r) => r.path);
    try {
      return confine(path, writableRoots);
    } catch (error) {
      const bundled = this.library.roots.find((r) => r.kind === 'bundled');
      if (bundled && isWithin(bundled.path, resolve(path)))
        throw new SkillError(
          'PermissionDenied',
          'The bundled example skills are read-only: duplicate the skill into one of your roots to change it.',
        );
      throw error;
    }
  }

  /** A server's status, with its tools once it has been reached. */
  private serverView(name: string): McpServerView {
    const status = this.pool.status().find((x) => x.name === name);
    if (!status) throw new SkillError('NotFound', `No MCP server named "${name}" is configured.`);
    const tools = this.pool.cachedTools(name);
    return {
      ...status,
      ...(tools ? { tools: tools.map((t) => ({ name: t.name, description: t.description ?? '' })) } : {}),
    };
  }

  private afterChange<T>(value: T, ids: string[]): T {
    this.reload();
    this.emit('skills:changed', {
      ids,
      entries: [],
      removed: [],
      diagnostics: this.library.diagnostics,
      reset: true,
    });
    return value;
  }

  private readonly handlers: Handlers = {
    'app:get-version': () => ({ version: packageVersion(), platform: process.platform }),

    'app:get-paths': () => ({
      userData: this.options.userDataDir,
      history: this.history.file,
      settings: this.settings.file,
      bundledSkills: this.options.bundledSkills,
    }),
    'app:open-external': async ({ url }) => {
      if (!isSafeExternalUrl(url))
        throw new SkillError(
          'PermissionDenied',
          `Only http(s) links without credentials open outside the app, not "${url.slice(0, 100)}".`,
        );
      if (!this.options.platform?.openExternal) return { opened: false }; // browser mode: the page opens it itself
      await this.options.platform.openExternal(url);
      return { opened: true };
    },
    'app:pick-folder': async ({ title }) => {
      if (!this.options.platform?.pickFolder)
        throw new SkillError(
          'Disabled',
          'There is no folder dialog in browser mode: type the folder path instead.',
        );
      return { path: (await this.options.platform.pickFolder(title ?? 'Choose a folder')) ?? null };
    },

    'roots:list': () => this.library.roots,
    'roots:add': ({ path }) => {
      const abs = resolve(path);
      if (!existsSync(abs) || !lstatSync(abs).isDirectory())
        throw new SkillError('NotFound', `${abs} is not a folder.`);
      const roots = this.settings.get().roots;
      if (!roots.includes(abs)) this.settings.set({ roots: [...roots, abs] });
      this.afterChange(null, []);
      return this.library.roots;
    },
    'roots:remove': ({ id }) => {
      const root = this.library.roots.find((r) => r.id === id);
      if (!root) throw new SkillError('NotFound', `No root with id "${id}".`);
      if (root.kind !== 'user')
        throw new SkillError(
          'PermissionDenied',
          `Root "${id}" comes from the ${root.kind === 'bundled' ? 'app' : 'command line'} and cannot be removed here.`,
        );
      this.settings.set({ roots: this.settings.get().roots.filter((r) => resolve(r) !== root.path) });
      this.afterChange(null, []);
      return this.library.roots;
    },

    'skills:list': () => ({ entries: this.library.entries, diagnostics: this.library.diagnostics }),
    'skills:get': ({ id }) => this.entry(id),
    'skills:list-files': ({ id }) => {
      const folder = this.folderOf(id);
      const out: string[] = [];
      const walk = (dir: string) => {
        for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
          a.name < b.name ? -1 : 1,
        )) {
          if (out.length >= LIST_FILES_CAP || d.name === '.git' || d.name === 'node_modules') continue;
          const full = join(dir, d.name);
          out.push(relative(folder, full).split(sep).join('/') + (d.isDirectory() ? '/' : ''));
          if (d.isDirectory()) walk(full);
        }
      };
      walk(folder);
      return out;
    },
    'skills:read-file': ({ path }) => {
      const real = confine(path, this.rootPaths());
      return { path: real, ...readFileSnapshot(real) };
    },
    'skills:save-file': ({ path, text, expectedHash }) => {
      const real = this.writable(path);
      const saved = saveFileAtomically(real, text, { expectedHash });
      this.rememberWrite(real, saved.hash);
      this.drafts.discard(real);
      const ids = this.library.entries
        .filter((e) => real.startsWith(dirname(e.path) + sep) || real === e.path)
        .map((e) => e.id);
      return this.afterChange({ path: real, ...saved }, ids);
    },
    'skills:validate-text': ({ path, text, profile }) =>
      validateText(confine(path, this.rootPaths()), text, { profile: profile ?? this.settings.get().profile })
        .diagnostics,
    'skills:create': ({ rootId, name, description }) => {
      const root = this.library.roots.find((r) => r.id === rootId);
      if (!root || root.kind === 'bundled')
        throw new SkillError(
          'PermissionDenied',
          `Skills can be created in your own roots, not in "${rootId}".`,
        );
      const path = createSkill(root.path, name, description);
      return this.afterChange({ path }, []);
    },
    'skills:duplicate': ({ id, name, rootId }) => {
      const source = this.folderOf(id);
      const sourceRoot = this.library.roots.find((r) => r.id === this.entry(id).rootId);
      const target = rootId ? this.library.roots.find((r) => r.id === rootId) : sourceRoot;
      if (!target || target.kind === 'bundled')
        throw new SkillError(
          'PermissionDenied',
          rootId
            ? `Skills can be copied into your own roots, not into "${rootId}".`
            : 'The bundled example skills are read-only: choose one of your roots to copy the skill into.',
        );
      return this.afterChange({ path: duplicateSkill(source, name, target.path) }, []);
    },
    'skills:rename': ({ id, name }) =>
      this.afterChange({ path: renameSkill(this.writable(this.folderOf(id)), name) }, [id]),
    'skills:delete': ({ id }) =>
      this.afterChange({ trashedTo: deleteSkill(this.writable(this.folderOf(id))) ?? null }, [id]),

    'drafts:list': () => this.drafts.list(),
    'drafts:put': ({ path, text, baseHash }) =>
      this.drafts.put(confine(path, this.rootPaths()), text, baseHash),
    'drafts:discard': ({ path }) => {
      this.drafts.discard(path);
      return { discarded: true as const };
    },

    'tools:list': ({ skillId }) => this.executor.describeTools(skillId),
    'tools:run': async ({ runId, skillId, tool, args, timeoutSecs }) => {
      if (this.runs.has(runId)) throw new SkillError('Conflict', `A run with id ${runId} is already going.`);
      const controller = new AbortController();
      this.runs.set(runId, controller);
      try {
        const output = await this.executor.executeTool(skillId, tool, args as JsonValue, {
          signal: controller.signal,
          ...(timeoutSecs ? { timeoutSecs } : {}),
          onProgress: (p) => this.emit('runs:progress', { runId, ...p }),
        });
        this.emit('runs:finished', { runId, output });
        return output;
      } catch (error) {
        const e =
          error instanceof SkillError ? error : new SkillError('ToolExecution', (error as Error).message);
        this.emit('runs:finished', { runId, error: e.toJSON() });
        throw e;
      } finally {
        this.runs.delete(runId);
      }
    },
    'tools:cancel': ({ runId }) => {
      const run = this.runs.get(runId);
      run?.abort();
      return { cancelled: run !== undefined };
    },

    'history:list': ({ query, limit }) =>
      this.history.list({ ...(query ? { query } : {}), ...(limit ? { limit } : {}) }),
    'history:search': ({ query, limit }) => this.history.list({ query, ...(limit ? { limit } : {}) }),
    'history:get': ({ id }) => {
      const entry = this.history.get(id);
      if (!entry) throw new SkillError('NotFound', `No run ${id} in the history.`);
      return entry;
    },
    'history:pin': ({ id, pinned }) => {
      const entry = this.history.pin(id, pinned);
      if (!entry) throw new SkillError('NotFound', `No run ${id} in the history.`);
      return entry;
    },
    'history:clear': ({ keepPinned }) => {
      this.history.clear(keepPinned ?? true);
      return { cleared: true as const };
    },

    'cases:list': ({ skillId }) => {
      const skill = this.executor.skill(skillId);
      return caseFiles(skill).map((path): SavedCaseView => {
        const name = path.slice(path.lastIndexOf(sep) + 1, -CASE_SUFFIX.length);
        try {
          return { name, path, case: readCase(path) as unknown as JsonValue };
        } catch (error) {
          return { name, path, error: (error as Error).message };
        }
      });
    },
    'cases:save': ({ skillId, name, case: value }) => {
      if (
        typeof value !== 'object' ||
        value === null ||
        typeof (value as { tool?: unknown }).tool !== 'string'
      ) {
        throw new SkillError(
          'InvalidArgs',
          'A case needs at least "tool" (and usually "args" and "expect").',
        );
      }
      const path = this.writable(join(this.folderOf(skillId), CASES_DIR, `${name}${CASE_SUFFIX}`));
      mkdirSync(dirname(path), { recursive: true });
      saveFileAtomically(path, `${JSON.stringify(value, null, 2)}\n`);
      return { path };
    },
    'cases:run': async ({ skillId, names }) => {
      const skill = this.executor.skill(skillId);
      const files = caseFiles(skill).filter(
        (f) => !names || names.some((n) => f.endsWith(`${sep}${n}${CASE_SUFFIX}`)),
      );
      const results = [];
      for (const file of files) {
        const r = await runCase(this.executor, skill, file);
        results.push({
          name: r.name,
          tool: r.tool,
          passed: r.passed,
          failures: r.failures,
          durationMs: r.durationMs,
        });
      }
      return results;
    },

    'mcp:list': () => this.pool.status().map((s) => this.serverView(s.name)),
    'mcp:status': ({ name }) => this.serverView(name),
    'mcp:restart': async ({ name }) => {
      if (!this.pool.has(name))
        throw new SkillError('NotFound', `No MCP server named "${name}" is configured.`);
      try {
        await this.pool.restart(name);
      } catch {
        /* the status below says why */
      }
      return this.serverView(name);
    },

    'settings:get': () => this.settings.get(),
    'settings:set': ({ settings }) => {
      // MCP servers are checked the way a root's mcp.json is, before anything is saved.
      const servers = (settings as { mcpServers?: unknown } | null)?.mcpServers;
      if (servers !== undefined)
        parseMcpConfig(
          { mcpServers: servers },
          'Settings',
          this.options.userDataDir,
          this.options.userDataDir,
        );
      const next = this.settings.set(settings as JsonValue);
      this.reload();
      this.emit('skills:changed', {
        ids: [],
        entries: [],
        removed: [],
        diagnostics: this.library.diagnostics,
        reset: true,
      });
      return next;
    },
  };

  /** For tests and adapters: a fresh run id. */
  static newRunId(): string {
    return randomUUID();
  }
}
