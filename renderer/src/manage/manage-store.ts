// Owns the renderer's view of installed skills: the agent table and the open projects (fetched again when the library
// is rescanned, as new roots make one), what is installed where (fetched again whenever the library changes, since
// installs add and remove roots), the last update check, and what the host says a
// request did with a killed install's leftovers (`manage:notice`, kept until dismissed). Nothing renders.
import type { HostApi } from '../../../shared/ipc.js';
import type {
  InstalledSkillView,
  ManageAgentView,
  ManageScope,
  UpdateCheckView,
} from '../../../shared/manage-types.js';
import { installKey, installsByEntry } from './manage-model.js';

export interface ManageSnapshot {
  agents: ManageAgentView[];
  projects: string[];
  installed: InstalledSkillView[];
  byEntry: Map<string, InstalledSkillView[]>;
  /** By `scope/name`. */
  updates: Map<string, UpdateCheckView>;
  /** What a request did besides its task (an interrupted install's leftovers put back or trashed). */
  notices: string[];
  problem?: string;
}

export class ManageStore {
  private current: ManageSnapshot = {
    agents: [],
    projects: [],
    installed: [],
    byEntry: new Map(),
    updates: new Map(),
    notices: [],
  };
  private readonly listeners = new Set<() => void>();
  private loads = 0;
  private agentLoads = 0;

  constructor(private readonly host: HostApi) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = (): ManageSnapshot => this.current;

  private set(patch: Partial<ManageSnapshot>): void {
    this.current = { ...this.current, ...patch };
    for (const l of this.listeners) l();
  }

  start(): () => void {
    // Listening first: the first `manage:installed` is what clears leftovers of an install killed before this start.
    const offNotice = this.host.on('manage:notice', (n) =>
      this.set({ notices: [...this.current.notices, n.message] }),
    );
    void this.loadAgents();
    void this.refresh();
    const offChanged = this.host.on('skills:changed', (change) => {
      // A rescan follows new settings: roots added or removed change the projects the Add panel installs into.
      if (change.reset) void this.loadAgents();
      void this.refresh();
    });
    return () => {
      offNotice();
      offChanged();
    };
  }

  dismissNotices(): void {
    this.set({ notices: [] });
  }

  /** Fetches the agent table and the open projects; a slower answer to an earlier call is ignored. */
  private async loadAgents(): Promise<void> {
    const load = ++this.agentLoads;
    const r = await this.host.invoke('manage:agents', {});
    if (load === this.agentLoads && r.ok) this.set({ agents: r.value.agents, projects: r.value.projects });
  }

  /** Fetches the installed skills again; a slower answer to an earlier call is ignored. */
  async refresh(): Promise<void> {
    const load = ++this.loads;
    const r = await this.host.invoke('manage:installed', {});
    if (load !== this.loads) return;
    if (r.ok) this.set({ installed: r.value, byEntry: installsByEntry(r.value), problem: undefined });
    else this.set({ problem: `Could not read the installed skills: ${r.error.message}` });
  }

  /**
   * Asks each locked source whether it changed (fetches them: git sources are cloned). `runId` names the run for
   * `cancel`; a cancelled check answers "Cancelled." and keeps what was known.
   */
  async checkUpdates(
    scopes: readonly ManageScope[] = this.scopes(),
    runId?: string,
  ): Promise<string | undefined> {
    const updates = new Map(this.current.updates);
    for (const scope of scopes) {
      const r = await this.host.invoke('manage:check-updates', { scope, ...(runId ? { runId } : {}) });
      if (!r.ok) return r.error.code === 'Cancelled' ? 'Cancelled.' : r.error.message;
      for (const u of r.value) updates.set(installKey(u), u);
    }
    this.set({ updates });
    return undefined;
  }

  /** Stops a check or an update started with `runId`. */
  cancel(runId: string): void {
    void this.host.invoke('runs:cancel', { runId });
  }

  /** Records what an update did (an applied one is up to date now). */
  noteUpdates(results: readonly UpdateCheckView[]): void {
    const updates = new Map(this.current.updates);
    for (const u of results) updates.set(installKey(u), u.applied ? { ...u, status: 'up-to-date' } : u);
    this.set({ updates });
  }

  private scopes(): ManageScope[] {
    return [...new Set(this.current.installed.filter((i) => i.source).map((i) => i.scope))];
  }
}
