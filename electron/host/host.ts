// Owns the host: what Electron main and `skillbench serve` mount. It opens the one workspace, assembles one handler
// file per area into the generic server (a channel without a handler does not compile), and watches the roots.
// Tested by: test/integration/host/host.test.ts
import type { DataNotice } from '../../shared/host-types.js';
import type { EventName, EventOf, IpcResult } from '../../shared/ipc.js';
import type { Workspace } from '../core/workspace.js';
import { HostContext, type HostOptions } from './context.js';
import { appHandlers } from './handlers/app.js';
import { caseHandlers } from './handlers/cases.js';
import { chatHandlers } from './handlers/chat.js';
import { draftHandlers } from './handlers/drafts.js';
import { evalHandlers } from './handlers/evals.js';
import { fileHandlers } from './handlers/files.js';
import { historyHandlers } from './handlers/history.js';
import { manageHandlers } from './handlers/manage.js';
import { mcpHandlers } from './handlers/mcp.js';
import { settingsHandlers } from './handlers/settings.js';
import { runHandlers } from './handlers/runs.js';
import { rootHandlers, skillHandlers } from './handlers/skills.js';
import { toolHandlers } from './handlers/tools.js';
import { HostServer, type Handlers } from './server.js';

export type { HostOptions, HostPlatform } from './context.js';

export class Host {
  private readonly server: HostServer;
  private readonly ctx: HostContext;

  constructor(options: HostOptions) {
    // The context publishes through the server, which is built from the context's handlers (events wait for it).
    const ctx = new HostContext(options, { emit: (event, payload) => this.server.emit(event, payload) });
    this.ctx = ctx;
    this.server = new HostServer({
      ...appHandlers(ctx),
      ...rootHandlers(ctx),
      ...skillHandlers(ctx),
      ...fileHandlers(ctx),
      ...draftHandlers(ctx),
      ...toolHandlers(ctx),
      ...runHandlers(ctx),
      ...historyHandlers(ctx),
      ...caseHandlers(ctx),
      ...mcpHandlers(ctx),
      ...evalHandlers(ctx),
      ...chatHandlers(ctx),
      ...manageHandlers(ctx),
      ...settingsHandlers(ctx),
    } satisfies Handlers);
  }

  /** The one entry point of every transport. */
  handle(channel: string, request: unknown): Promise<IpcResult<unknown>> {
    return this.server.handle(channel, request);
  }

  on<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void {
    return this.server.on(event, listener);
  }

  /** "Reload Skills": rescans every root and tells the windows. */
  reload(): void {
    this.ctx.publish(this.ctx.workspace.reload());
  }

  /** Data files that could not be read and were moved aside (what `app:get-notices` answers). */
  notices(): DataNotice[] {
    return this.ctx.notices();
  }

  /** Resolves once the watcher has walked the roots (changes made before that may go unnoticed). */
  whenWatching(): Promise<void> {
    return this.ctx.watcher?.whenReady() ?? Promise.resolve();
  }

  get workspace(): Workspace {
    return this.ctx.workspace;
  }

  /** Stops watching, cancels running tools and closes MCP servers. */
  close(): Promise<void> {
    return this.ctx.close();
  }
}
