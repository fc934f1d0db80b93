// Owns what every handler area shares: the options the host was mounted with, the stores, the one workspace, and
// the rules that turn a request's ids and paths into confined, writable locations (STYLE.md convention 4).
import { realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { SkillsChanged } from '../../shared/ipc.js';
import { SkillError } from '../../shared/errors.js';
import type { DataNotice, Settings } from '../../shared/host-types.js';
import type { OpenRequest } from '../../shared/open-request.js';
import { listedEntry, type LibraryEntry, type ListedEntry, type RootInfo } from '../../shared/types.js';
import { DraftStore } from '../core/editor/drafts.js';
import { ProviderStore } from '../core/models/provider-store.js';
import { confine, isWithin } from '../core/fs/confine.js';
import type { McpClientSide } from '../core/mcp/client-side.js';
import type { CredentialCipher } from '../core/fs/credential-file.js';
import { draftsDir, historyFile, mcpCredentialsFile } from '../core/app-data.js';
import { McpCredentialFile } from '../core/mcp/oauth.js';
import { SettingsStore } from '../core/settings/store.js';
import { declaresRunnable } from '../core/settings/trust.js';
import { projectFolders, settingsWorkspaceOptions } from '../core/settings/workspace-options.js';
import { Workspace, type WorkspaceChange, type WorkspaceOptions } from '../core/workspace.js';
import { HostMcpClientSide } from './mcp-client-side.js';
import type { HostServer } from './server.js';
import { RootWatcher } from './watcher.js';

/** A library entry as lists carry it: without its instructions, with whether its skill runs anything. */
export function entryView(entry: LibraryEntry): ListedEntry {
  const view = listedEntry(entry);
  return entry.skill && declaresRunnable(entry.skill) ? { ...view, runsCode: true } : view;
}

/** What only the hosting process can do (a native dialog, the OS browser); absent in browser mode. */
export interface HostPlatform {
  pickFolder?(title: string): Promise<string | undefined>;
  openExternal?(url: string): Promise<void>;
  /** Encrypts MCP sign-ins with the OS keychain (the app: safeStorage); without it they are kept in a 0600 file. */
  credentialCipher?: CredentialCipher;
  /** What the OS asked the app to open since the page last asked (folder arguments, .skill files, links). */
  takeOpenRequests?(): OpenRequest[];
  /** Told after each change of the settings (the app follows the theme and the update setting). */
  settingsChanged?(settings: Settings): void;
}

export interface HostOptions {
  bundledSkills: string;
  userDataDir: string;
  /** Roots given on the command line (project roots), before the ones the user added in settings. */
  projectRoots?: string[];
  platform?: HostPlatform;
  /** Watch the roots for changes made outside the app (default true). */
  watch?: boolean;
  /** Trust the command-line roots for this session (`skillbench serve --trust`). */
  trustProjectRoots?: boolean;
}

export class HostContext {
  readonly settings: SettingsStore;
  readonly drafts: DraftStore;
  readonly workspace: Workspace;
  /** Sampling and elicitation waiting for the user, notifications as events (issue 16). */
  readonly mcpClient: HostMcpClientSide;
  /** The model providers of Settings (issue 15), for evals and for answering a server's sampling (issue 16). */
  readonly providers: ProviderStore;
  readonly watcher: RootWatcher | undefined;
  /** Runs in progress, by run id. */
  readonly runs = new Map<string, AbortController>();

  /** Runs `work` under `runId` in the one registry of runs (an id already going is refused), so it can be stopped. */
  async trackRun<T>(runId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.runs.has(runId)) throw new SkillError('Conflict', `A run with id ${runId} is already going.`);
    const controller = new AbortController();
    this.runs.set(runId, controller);
    try {
      return await work(controller.signal);
    } finally {
      this.runs.delete(runId);
    }
  }

  /** Stops a run of any area by its id (`runs:cancel`); says whether one was going. */
  cancelRun(runId: string): { cancelled: boolean } {
    const run = this.runs.get(runId);
    run?.abort();
    return { cancelled: run !== undefined };
  }

  constructor(
    readonly options: HostOptions,
    private readonly events: Pick<HostServer, 'emit'>,
  ) {
    this.settings = new SettingsStore(options.userDataDir);
    this.drafts = new DraftStore(draftsDir(options.userDataDir));
    this.providers = new ProviderStore(options.userDataDir, options.platform?.credentialCipher);
    this.mcpClient = new HostMcpClientSide((event, payload) => this.events.emit(event, payload));
    this.serverClient = this.clientSide();
    this.workspace = Workspace.open({
      ...this.workspaceOptions(),
      history: {
        file: historyFile(options.userDataDir),
        limits: this.settings.get().history,
        maintainLater: true,
      },
    });
    if (options.watch !== false) {
      this.watcher = new RootWatcher((paths) => this.publish(this.workspace.update(paths)));
      this.watcher.watch(this.roots.map((r) => r.path));
    }
  }

  emit: HostServer['emit'] = (event, payload) => this.events.emit(event, payload);

  /**
   * What the app answers when an MCP server asks: sampling and elicitation through the window (mcpClient), sign-ins
   * in the browser (the app) or through a banner's link (serve).
   */
  private readonly serverClient: McpClientSide;

  private clientSide(): McpClientSide {
    const { userDataDir, platform } = this.options;
    const { sample, elicit, notify } = this.mcpClient;
    return {
      audience: 'app',
      sample,
      elicit,
      notify,
      credentials: new McpCredentialFile(mcpCredentialsFile(userDataDir), platform?.credentialCipher),
      authorize: async (server, url) => {
        this.events.emit('mcp:sign-in', { server, state: 'waiting', url: url.href });
        await platform?.openExternal?.(url.href);
      },
      signedIn: (server, error) =>
        this.events.emit('mcp:sign-in', {
          server,
          ...(error ? { state: 'failed', error } : { state: 'done' }),
        }),
    };
  }

  get roots(): RootInfo[] {
    return this.workspace.library.roots;
  }

  /** The project folders of the manage area: the command line's roots, then the roots added in settings. */
  manageProjects(): string[] {
    return projectFolders(this.options.projectRoots ?? [], this.settings.get());
  }

  private workspaceOptions(): Omit<WorkspaceOptions, 'history'> {
    const { projectRoots, bundledSkills, userDataDir, trustProjectRoots } = this.options;
    return settingsWorkspaceOptions({
      settings: this.settings.get(),
      settingsFile: this.settings.file,
      bundledSkills,
      userDataDir,
      ...(projectRoots ? { projectRoots } : {}),
      ...(trustProjectRoots !== undefined ? { trustProjectRoots } : {}),
      mcpClient: this.serverClient,
    });
  }

  /** Settings changed: rebuild the workspace from them, watch its roots, tell the windows; history limits at once. */
  reconfigure(): void {
    this.workspace.history?.setLimits(this.settings.get().history);
    this.publish(this.workspace.reconfigure(this.workspaceOptions()));
  }

  /** Data files that could not be read and were moved aside (settings, history), oldest first. */
  notices(): DataNotice[] {
    return [...this.settings.notices, ...(this.workspace.history?.notices ?? [])].sort((a, b) =>
      a.at.localeCompare(b.at),
    );
  }

  /** Tells every window what a change did to the library. */
  publish(change: WorkspaceChange): void {
    this.watcher?.watch(this.roots.map((r) => r.path));
    const event: SkillsChanged = { ...change, entries: change.entries.map(entryView) };
    this.emit('skills:changed', event);
  }

  /** Files changed by the app itself (a save, a new or renamed skill): re-read what they touch, and publish. */
  changed(paths: string[]): void {
    this.publish(this.workspace.update(paths));
  }

  rootPaths(): string[] {
    return this.roots.map((r) => r.path);
  }

  root(id: string): RootInfo | undefined {
    return this.roots.find((r) => r.id === id);
  }

  entry(id: string): LibraryEntry {
    const e = this.workspace.library.entry(id);
    if (!e) throw new SkillError('NotFound', `No skill with id "${id}" is loaded.`);
    return e;
  }

  /** The skill's folder, confined to the roots. */
  folderOf(id: string): string {
    return confine(dirname(this.entry(id).path), this.rootPaths());
  }

  /**
   * `path` confined to the roots the user may change: the bundled examples are read-only (an update would
   * overwrite edits, and a packaged app's resources must not change), however they are reached: through a root
   * that is the bundled folder, a folder above or inside it, or a link to it (issue 12). Real paths are compared.
   */
  writable(path: string): string {
    const bundledReadOnly = () =>
      new SkillError(
        'PermissionDenied',
        'The bundled example skills are read-only: duplicate the skill into one of your roots to change it.',
      );
    const bundled = this.bundledRealPath();
    const writableRoots = this.roots.filter((r) => r.kind !== 'bundled').map((r) => r.path);
    let real: string;
    try {
      real = confine(path, writableRoots);
    } catch (error) {
      const target = resolve(path);
      if (isWithin(resolve(this.options.bundledSkills), target) || (bundled && isWithin(bundled, target)))
        throw bundledReadOnly();
      throw error;
    }
    if (bundled && isWithin(bundled, real)) throw bundledReadOnly();
    return real;
  }

  private bundledRealPath(): string | undefined {
    try {
      return realpathSync.native(this.options.bundledSkills);
    } catch {
      return undefined;
    }
  }

  /** What else goes when the host closes (fetched sources kept between inspect and install). */
  readonly closers: Array<() => void> = [];

  async close(): Promise<void> {
    for (const close of this.closers.splice(0)) close();
    this.watcher?.close();
    for (const c of this.runs.values()) c.abort();
    this.mcpClient.close();
    await this.workspace.close();
  }
}
