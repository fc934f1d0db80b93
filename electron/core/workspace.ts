// Owns assembling core (issue 10): from roots, settings and MCP config, one Workspace holds the library, the MCP
// pool, the executor, history and cases. The host and every CLI command open a workspace; nothing else wires core
// together, so the library, the editor and the runner always see the same skills, servers and rules.
// Tested by: test/integration/workspace.test.ts
import { sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CommandRunView, SavedCaseView, TrustReportView } from '../../shared/host-types.js';
import type {
  Diagnostic,
  JsonValue,
  LibraryEntry,
  RootInfo,
  SkillDefinition,
  ValidationProfile,
} from '../../shared/types.js';
import { caseFiles, CASE_SUFFIX, readCase, runCase, type CaseResult } from './cases/cases.js';
import { HistoryStore, type HistoryLimits } from './history/history-store.js';
import { loadMcpServers, parseMcpConfig, type McpServerConfig } from './mcp/config.js';
import { isWithin } from './fs/confine.js';
import type { McpClientSide } from './mcp/client-side.js';
import { McpPool } from './mcp/pool.js';
import { bundledSkillsDir } from './paths.js';
import { runBangCommand } from './skills/bang-command.js';
import { makeDiagnostic } from './skills/diagnostic.js';
import {
  rescanDelta,
  resolveRoots,
  rootPrecedence,
  SkillLibrary,
  type LibraryDelta,
  type LoadOptions,
  type RootSpec,
} from './skills/library.js';
import { Executor } from './tools/executor.js';
import { trustRefusal, type BlockedServer, type OwnedServer } from './settings/trust.js';
import { describeWithLocked, runsLocalCode } from './tools/kinds/registry.js';

export interface WorkspaceOptions extends Omit<LoadOptions, 'mcpServers'> {
  roots: RootSpec[];
  /** An MCP config file named explicitly (CLI `--mcp-config`): it must exist, and its servers win. */
  mcpConfigFile?: string;
  /** The `mcpServers` the user keeps in the app's settings (they win over the roots' configs). */
  settingsServers?: { servers: Record<string, JsonValue>; file: string; baseDir: string };
  /** Where runs are recorded; no history without it. `maintainLater` for a long-running host: see HistoryStore. */
  history?: { file: string; limits?: Partial<HistoryLimits>; maintainLater?: boolean };
  /** Registry tools hidden from direct use (default: the raw `shell` built-in). */
  excludedTools?: string[];
  /** Skill tools excluded by kind or name (issue 11: `--exclude-tool`); refused with PermissionDenied. */
  excludedSkillTools?: string[];
  /** Which roots besides the bundled examples the user trusts (workspace trust); none by default. */
  trust?: (root: RootInfo) => boolean;
  /** How the MCP client answers servers' sampling and elicitation requests and hears their notifications. */
  mcpClient?: McpClientSide;
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
  private servers: Record<string, OwnedServer> = {};
  private blocked: Record<string, BlockedServer> = {};
  private serversKey = '';
  private configFiles = new Set<string>();
  private configDiagnostics: Diagnostic[] = [];
  private currentPool: McpPool | undefined;
  private currentExecutor: Executor | undefined;

  private constructor(options: WorkspaceOptions) {
    this.options = options;
    if (options.history)
      this.history = new HistoryStore(
        options.history.file,
        options.history.limits,
        options.history.maintainLater,
      );
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
    const side = this.options.mcpClient ?? {};
    return (this.currentPool ??= new McpPool(
      Object.fromEntries(
        Object.entries(this.servers).map(([name, s]): [string, McpServerConfig] => [name, s.config]),
      ),
      // A server that opted in (`"roots": true`) sees the library's roots unless the caller says otherwise.
      {
        roots: () => this.library.roots.map((r) => ({ uri: pathToFileURL(r.path).href, name: r.id })),
        ...side,
      },
    ));
  }

  /** Configured servers that may start, with who may call them, and the untrusted roots' servers that may not. */
  get mcpServers(): {
    active: Readonly<Record<string, OwnedServer>>;
    blocked: Readonly<Record<string, BlockedServer>>;
  } {
    return { active: this.servers, blocked: this.blocked };
  }

  /**
   * What a root would run once trusted: its servers' command lines, env keys and folders, its process tools; and
   * those of the roots inside it (an agent's skills folder in a project), which trusting it trusts too.
   */
  trustReport(rootId: string): TrustReportView {
    const at = this.library.roots.find((r) => r.id === rootId);
    const covered = new Set(
      at ? this.library.roots.filter((r) => isWithin(at.path, r.path)).map((r) => r.id) : [rootId],
    );
    const owned = (s: OwnedServer) =>
      s.owner.kind === 'roots' && [...s.owner.rootIds].some((id) => covered.has(id));
    const servers = Object.entries({ ...this.servers, ...this.blocked })
      .filter(([, s]) => owned(s))
      .map(([name, { config: c, owner }]) => ({
        name,
        file: owner.file,
        ...(c.command ? { command: c.command, args: c.args ?? [] } : {}),
        envKeys: Object.keys(c.env ?? {}),
        ...(c.cwd ? { cwd: c.cwd } : {}),
        ...(c.url ? { url: c.url } : {}),
      }));
    const tools = this.library.entries
      .filter((e) => covered.has(e.rootId) && e.skill && e.status !== 'excluded')
      .flatMap((e) =>
        (e.skill?.tools ?? []).filter(runsLocalCode).map((t) => ({
          skillId: e.id,
          tool: t.name,
          kind: t.kind,
          command: describeWithLocked(t),
        })),
      );
    return { servers, tools };
  }

  /** The executor over the current skills. */
  get executor(): Executor {
    return (this.currentExecutor ??= new Executor(this.library.entries, {
      mcp: this.pool,
      refuse: (skill, tool) => {
        const rootId = this.library.entry(skill.id)?.rootId;
        const root = this.library.roots.find((r) => r.id === rootId);
        return trustRefusal(root, skill.name, tool, this.mcpServers);
      },
      ...(this.options.excludedTools ? { excludedTools: this.options.excludedTools } : {}),
      ...(this.options.excludedSkillTools ? { excludedSkillTools: this.options.excludedSkillTools } : {}),
      ...(this.history ? { onRun: (r) => this.history?.record(r) } : {}),
    }));
  }

  /** A skill by id, by name (the winner of a clash), or by the absolute path of its folder or manifest. */
  skill(ref: string): SkillDefinition {
    return this.executor.skill(ref);
  }

  /** Runs a `` !`command` `` line of a skill's saved manifest, on the author's request (trusted roots only). */
  runSkillCommand(ref: string, command: string): Promise<CommandRunView> {
    const skill = this.skill(ref);
    const rootId = this.library.entry(skill.id)?.rootId;
    return runBangCommand(
      skill,
      this.library.roots.find((r) => r.id === rootId),
      command,
    );
  }

  /**
   * The diagnostics the library would report for `path` holding `text` (an editor's unsaved buffer): exactly the
   * rules, MCP servers and shadowing of a load.
   */
  validate(path: string, text: string, profile?: ValidationProfile): Diagnostic[] {
    return this.library.validate(path, text, profile);
  }

  /** The entry `path` would load as if it held `text` (an editor's unsaved buffer), for one run only. */
  entryOfText(path: string, text: string, profile?: ValidationProfile): LibraryEntry {
    return this.library.entryOfText(path, text, profile);
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
    return { ...rescanDelta(before, this.library.entries), diagnostics: this.diagnostics };
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
    // The app's own examples are trusted however they are reached (a root at or inside the bundled folder).
    const bundled = bundledSkillsDir();
    const roots = resolveRoots(o.roots, rootPrecedence(o)).map((r) => ({
      ...r,
      trusted: r.trusted || isWithin(bundled, r.path) || !!o.trust?.(r),
    }));
    const { configured, files, problems } = this.collectServers(roots);
    this.configFiles = new Set(files);
    this.configDiagnostics = problems.map((p) =>
      makeDiagnostic(p.severity, p.code, p.message, p.file, WHOLE_FILE),
    );
    const {
      roots: _r,
      mcpConfigFile: _f,
      settingsServers: _s,
      history: _h,
      excludedTools: _x,
      excludedSkillTools: _e,
      trust: _t,
      ...load
    } = o;
    this.library = new SkillLibrary(roots, {
      ...load,
      ...(configured
        ? { mcpServers: new Set([...Object.keys(this.servers), ...Object.keys(this.blocked)]) }
        : {}),
    });
    // Connections survive a rebuild unless the servers' configuration changed: a save must not restart them.
    const key = JSON.stringify(Object.entries(this.servers).map(([n, s]) => [n, s.config]));
    if (key !== this.serversKey && this.currentPool) {
      void this.currentPool.close();
      this.currentPool = undefined;
    }
    this.serversKey = key;
    this.currentExecutor = undefined;
  }

  /**
   * The MCP servers: the user's own (an explicit file, then the settings) first, then each root's config in
   * precedence order, the first definition of a name winning. A trusted root's servers may start; an untrusted
   * root's are blocked, and can never replace a name a trusted root or the user defines.
   */
  private collectServers(roots: readonly RootInfo[]) {
    const active: Record<string, OwnedServer> = {};
    const blocked: Record<string, BlockedServer> = {};
    const problems: Array<{ file: string; message: string; code: string; severity: 'error' | 'warning' }> =
      [];
    const files: string[] = [];
    let configured = false;
    const o = this.options;
    if (o.mcpConfigFile) {
      const set = loadMcpServers([], o.mcpConfigFile);
      files.push(...set.files);
      configured = true;
      for (const [name, config] of Object.entries(set.servers))
        active[name] = { config, owner: { kind: 'user', file: o.mcpConfigFile } };
    }
    if (o.settingsServers) {
      const { servers, file, baseDir } = o.settingsServers;
      for (const [name, config] of Object.entries(
        parseMcpConfig({ mcpServers: servers }, file, baseDir, baseDir),
      )) {
        configured = true;
        active[name] ??= { config, owner: { kind: 'user', file } };
      }
    }
    for (const root of roots) {
      const set = loadMcpServers([root.path]);
      files.push(...set.files);
      configured ||= set.configured;
      problems.push(
        ...set.problems.map((p) => ({ ...p, code: 'mcp-config-invalid', severity: 'error' as const })),
      );
      for (const [name, config] of Object.entries(set.servers)) {
        const file = config.source;
        const existing = active[name] ?? blocked[name];
        if (existing?.owner.kind === 'roots' && existing.owner.file === file) {
          (existing.owner.rootIds as Set<string>).add(root.id); // one config file for two roots (skill-folder roots)
          continue;
        }
        const ignored = (untrustedFile: string, by: string) =>
          problems.push({
            file: untrustedFile,
            code: 'mcp-server-ignored',
            severity: 'warning',
            message: `The MCP server "${name}" in ${untrustedFile} is ignored: ${by} defines a server of that name, and a root you have not trusted cannot replace it.`,
          });
        const owned: OwnedServer = { config, owner: { kind: 'roots', rootIds: new Set([root.id]), file } };
        const displaced = blocked[name];
        if (root.trusted && displaced && !active[name]) {
          // A trusted root's definition wins over an untrusted one found earlier.
          ignored(displaced.owner.file, file);
          delete blocked[name];
          active[name] = owned;
        } else if (existing) {
          if (!root.trusted) ignored(file, existing.owner.file);
        } else if (root.trusted) active[name] = owned;
        else
          blocked[name] = {
            ...owned,
            reason: `the root "${root.id}" (${root.path}) is not trusted, so the servers its config defines do not start. Trust the root to start "${name}".`,
          };
      }
    }
    this.servers = active;
    this.blocked = blocked;
    return { configured, files, problems };
  }
}
