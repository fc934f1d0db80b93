// Owns assembling core (issue 10): from roots, settings and MCP config, one Workspace holds the library, the MCP
// pool, the executor, history and cases. The host and every CLI command open a workspace; nothing else wires core
// together, so the library, the editor and the runner always see the same skills, servers and rules.
import { sep } from 'node:path';
import type { SavedCaseView } from '../../shared/host-types.js';
import type {
  Diagnostic,
  JsonValue,
  LibraryEntry,
  SkillDefinition,
  ValidationProfile,
} from '../../shared/types.js';
import { caseFiles, CASE_SUFFIX, readCase, runCase, type CaseResult } from './cases/cases.js';
import { HistoryStore, type HistoryLimits } from './history/history-store.js';
import { loadMcpServers, parseMcpConfig, type McpServerConfig } from './mcp/config.js';
import { McpPool } from './mcp/pool.js';
import { makeDiagnostic } from './skills/diagnostic.js';
import {
  resolveRoots,
  SkillLibrary,
  type LibraryDelta,
  type LoadOptions,
  type RootSpec,
} from './skills/library.js';
import { Executor } from './tools/executor.js';

export interface WorkspaceOptions extends Omit<LoadOptions, 'mcpServers'> {
  roots: RootSpec[];
  /** An MCP config file named explicitly (CLI `--mcp-config`): it must exist, and its servers win. */
  mcpConfigFile?: string;
  /** The `mcpServers` the user keeps in the app's settings (they win over the roots' configs). */
  settingsServers?: { servers: Record<string, JsonValue>; file: string; baseDir: string };
  /** Where runs are recorded; no history without it. */
  history?: { file: string; limits?: Partial<HistoryLimits> };
  /** Registry tools hidden from direct use (default: the raw `shell` built-in). */
  excludedTools?: string[];
}

/** What a change did to the library, with the library-level problems as they are now. */
export interface WorkspaceChange extends LibraryDelta {
  diagnostics: Diagnostic[];
}

const WHOLE_FILE = { line: 1, column: 1, endLine: 1, endColumn: 1 };

export class Workspace {
  library!: SkillLibrary;
  readonly history: HistoryStore | undefined;
  private options: WorkspaceOptions;
  private servers: Record<string, McpServerConfig> = {};
  private serversKey = '';
  private configFiles = new Set<string>();
  private configDiagnostics: Diagnostic[] = [];
  private currentPool: McpPool | undefined;
  private currentExecutor: Executor | undefined;

  private constructor(options: WorkspaceOptions) {
    this.options = options;
    if (options.history) this.history = new HistoryStore(options.history.file, options.history.limits);
    this.build();
  }

  /** Opens a workspace: scans the roots and reads the MCP configuration (servers start only when used). */
  static open(options: WorkspaceOptions): Workspace {
    return new Workspace(options);
  }

  /** The library's entries. */
  get entries(): LibraryEntry[] {
    return this.library.entries;
  }

  /** Problems with the roots and with the MCP configuration. */
  get diagnostics(): Diagnostic[] {
    return [...this.library.diagnostics, ...this.configDiagnostics];
  }

  /** The MCP connections (lazily started, pooled; kept across changes that leave the servers as they were). */
  get pool(): McpPool {
    return (this.currentPool ??= new McpPool(this.servers));
  }

  /** The executor over the current skills. */
  get executor(): Executor {
    return (this.currentExecutor ??= new Executor(this.library.entries, {
      mcp: this.pool,
      ...(this.options.excludedTools ? { excludedTools: this.options.excludedTools } : {}),
      ...(this.history ? { onRun: (r) => this.history?.record(r) } : {}),
    }));
  }

  /** A skill by id, by name (the winner of a clash), or by the absolute path of its folder or manifest. */
  skill(ref: string): SkillDefinition {
    return this.executor.skill(ref);
  }

  /**
   * The diagnostics the library would report for `path` holding `text` (an editor's unsaved buffer): exactly the
   * rules, MCP servers and shadowing of a load.
   */
  validate(path: string, text: string, profile?: ValidationProfile): Diagnostic[] {
    return this.library.validate(path, text, profile);
  }

  /** Brings everything up to date after files changed on disk; a changed MCP config rebuilds the workspace. */
  update(paths: readonly string[]): WorkspaceChange {
    if (paths.some((p) => this.configFiles.has(p))) return this.reload();
    const delta = this.library.update(paths);
    if (delta.entries.length || delta.removed.length) this.currentExecutor = undefined;
    return { ...delta, diagnostics: this.diagnostics };
  }

  /** Rescans the roots and re-reads the MCP configuration. */
  reload(): WorkspaceChange {
    const before = this.library.entries;
    this.build();
    const paths = new Set(this.library.entries.map((e) => e.path));
    return {
      ids: [...new Set([...before, ...this.library.entries].map((e) => e.id))],
      entries: this.library.entries,
      removed: before.filter((e) => !paths.has(e.path)).map((e) => e.path),
      reset: true,
      diagnostics: this.diagnostics,
    };
  }

  /** New roots, settings or servers: a rescan (the history file stays; its limits follow). */
  reconfigure(options: Omit<WorkspaceOptions, 'history'>): WorkspaceChange {
    this.options = { ...options, ...(this.options.history ? { history: this.options.history } : {}) };
    return this.reload();
  }

  /** The saved cases of a skill, each parsed or with the reason it cannot be. */
  cases(skillRef: string): SavedCaseView[] {
    return caseFiles(this.skill(skillRef)).map((path): SavedCaseView => {
      const name = path.slice(path.lastIndexOf(sep) + 1, -CASE_SUFFIX.length);
      try {
        return { name, path, case: readCase(path) as unknown as JsonValue };
      } catch (error) {
        return { name, path, error: (error as Error).message };
      }
    });
  }

  /** Runs a skill's saved cases (those named, or all), one after another. */
  async runCases(skillRef: string, names?: readonly string[]): Promise<CaseResult[]> {
    const skill = this.skill(skillRef);
    const files = caseFiles(skill).filter(
      (f) => !names || names.some((n) => f.endsWith(`${sep}${n}${CASE_SUFFIX}`)),
    );
    const results: CaseResult[] = [];
    for (const file of files) results.push(await runCase(this.executor, skill, file));
    return results;
  }

  /** Stops running tools' MCP servers. */
  async close(): Promise<void> {
    await this.currentPool?.close();
  }

  private build(): void {
    const o = this.options;
    const roots = resolveRoots(o.roots, o.precedence);
    const set = loadMcpServers(
      roots.map((r) => r.path),
      o.mcpConfigFile,
    );
    this.configDiagnostics = set.problems.map((p) =>
      makeDiagnostic('error', 'mcp-config-invalid', p.message, p.file, WHOLE_FILE),
    );
    const fromSettings = o.settingsServers
      ? parseMcpConfig(
          { mcpServers: o.settingsServers.servers },
          o.settingsServers.file,
          o.settingsServers.baseDir,
          o.settingsServers.baseDir,
        )
      : {};
    this.servers = { ...set.servers, ...fromSettings };
    this.configFiles = new Set(set.files);
    const configured = set.configured || Object.keys(fromSettings).length > 0;
    const {
      roots: _roots,
      mcpConfigFile: _file,
      settingsServers: _s,
      history: _h,
      excludedTools: _x,
      ...load
    } = o;
    this.library = new SkillLibrary(roots, {
      ...load,
      ...(configured ? { mcpServers: new Set(Object.keys(this.servers)) } : {}),
    });
    // Connections survive a rebuild unless the servers' configuration changed: a save must not restart them.
    const key = JSON.stringify(this.servers);
    if (key !== this.serversKey && this.currentPool) {
      void this.currentPool.close();
      this.currentPool = undefined;
    }
    this.serversKey = key;
    this.currentExecutor = undefined;
  }
}
