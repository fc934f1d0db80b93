// The one IPC contract (STYLE.md convention 1): every channel with its request schema (checked at runtime by the
// host) and its response type. Main registers a handler per entry, the preload exposes a method per entry, and
// the browser-mode server routes them all; adding a channel touches this file, its name in ipc-names.ts and the
// host service. Long because it is the one table of channels: splitting it would make two contracts to keep in
// step, which is what it exists to prevent.
// Tested by: test/integration/serve.test.ts
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { AppCommand, ChannelName, EventNameOnly } from './ipc-names.js';
import type { OpenRequest } from './open-request.js';
import type { ChatStep, ChatTurn, Conversation, ConversationListItem, ReplayTurnComparison } from './chat.js';
import type {
  CaseResultSummary,
  CommandRunView,
  DataNotice,
  DraftView,
  HistoryEntryView,
  McpClientRequestView,
  McpNotificationView,
  McpPage,
  McpPromptResultView,
  McpPromptView,
  McpProtocolEntryView,
  McpResourceContentsView,
  McpResourceTemplateView,
  McpResourceView,
  McpServerInfoView,
  McpServerView,
  McpToolView,
  McpWrapPreview,
  SavedCaseView,
  Settings,
  TrustReportView,
} from './host-types.js';
import type {
  BatchView,
  CollisionsView,
  EvalResultsView,
  GeneratedQueries,
  OptimizeView,
  OutputRunView,
  ProviderView,
  TranscriptView,
  TriggerReport,
} from './evals.js';
import type {
  InstalledSkillView,
  InstallProgressView,
  InstallResultView,
  ManageAgentsView,
  ManageNoticeView,
  PackResultView,
  RemoveResultView,
  SourceInspectionView,
  UpdateCheckView,
} from './manage-types.js';
import {
  MAX_TIMEOUT_SECS,
  type Diagnostic,
  type JsonValue,
  type LibraryEntry,
  type ListedEntry,
  type RootInfo,
  type SkillErrorCode,
  type ToolDefinition,
  type ToolOutput,
  VALIDATION_PROFILES,
} from './types.js';
import { MAX_EDITABLE_BYTES } from './units.js';
import { NEW_FILE_KINDS } from './new-files.js';

/** Marks a response type; the value is never used at run time. */
const returns = <T>(): T => undefined as unknown as T;

const Id = Type.String({ minLength: 1, maxLength: 4096 });
const Path = Type.String({ minLength: 1, maxLength: 4096 });
const Name = Type.String({ minLength: 1, maxLength: 64 });
const Json = Type.Unknown();
const Cursor = Type.Optional(Type.String({ maxLength: 8192 }));
const Empty = Type.Object({}, { additionalProperties: false });
/** A trigger or collision run's mode: one request each (default), or one batch at half the price. */
const RunModeSchema = Type.Optional(Type.Union([Type.Literal('direct'), Type.Literal('batch')]));
const ManageScope = Type.Union([Type.Literal('project'), Type.Literal('user')]);
const ManageNames = Type.Optional(
  Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 1000 }),
);
const strict = <T extends Parameters<typeof Type.Object>[0]>(props: T) =>
  Type.Object(props, { additionalProperties: false });
/** An eval run's budget (shared/evals.ts `BudgetLimits`): no key, no limit. */
const EvalBudget = Type.Optional(
  strict({
    maxTokens: Type.Optional(Type.Integer({ minimum: 1 })),
    maxCostUsd: Type.Optional(Type.Number({ minimum: 0 })),
  }),
);

const Profile = Type.Union(VALIDATION_PROFILES.map((p) => Type.Literal(p)));
/** The editor's unsaved SKILL.md text, used instead of the saved file for one chat request. */
const Unsaved = Type.Optional(
  Type.Array(strict({ skillId: Id, text: Type.String({ maxLength: MAX_EDITABLE_BYTES }) }), {
    maxItems: 100,
  }),
);
const Decision = Type.Union([
  strict({ decision: Type.Literal('allow'), args: Type.Optional(Json) }),
  strict({ decision: Type.Literal('allow-tool'), args: Type.Optional(Json) }),
  strict({ decision: Type.Literal('refuse'), reason: Type.Optional(Type.String({ maxLength: 4096 })) }),
]);

export interface FileView {
  path: string;
  text: string;
  hash: string;
  bom: boolean;
  eol: '\n' | '\r\n';
}

export const CONTRACT = {
  'app:get-version': { request: Empty, response: returns<{ version: string; platform: string }>() },
  'app:get-paths': {
    request: Empty,
    response: returns<{ userData: string; history: string; settings: string; bundledSkills: string }>(),
  },
  'app:open-external': {
    request: strict({ url: Type.String({ maxLength: 8192 }) }),
    response: returns<{ opened: boolean }>(),
  },
  /** Problems with the app's own data found since start (an unreadable settings or history file moved aside). */
  'app:get-notices': { request: Empty, response: returns<DataNotice[]>() },
  'app:pick-folder': {
    request: strict({ title: Type.Optional(Type.String({ maxLength: 200 })) }),
    response: returns<{ path: string | null }>(),
  },
  /** Whether a typed path is a folder, with what to do when not (browser mode has no folder dialog). */
  'app:check-folder': {
    request: strict({ path: Type.String({ maxLength: 4096 }) }),
    response: returns<{ path: string; problem?: string }>(),
  },
  /**
   * What the OS asked the app to open (folder arguments, a .skill file, a skillbench:// link) and nobody took yet;
   * each request is handed out once. Always empty in browser mode.
   */
  'app:take-open-requests': { request: Empty, response: returns<OpenRequest[]>() },

  'roots:list': { request: Empty, response: returns<RootInfo[]>() },
  'roots:add': { request: strict({ path: Path }), response: returns<RootInfo[]>() },
  'roots:remove': { request: strict({ id: Id }), response: returns<RootInfo[]>() },
  /** Workspace trust: trusting a root lets its MCP servers, shell and script tools run (remembered in settings). */
  'roots:trust': { request: strict({ id: Id, trusted: Type.Boolean() }), response: returns<RootInfo[]>() },
  /** What a root would run once trusted: server command lines, env keys, folders, and its process tools. */
  'roots:trust-info': { request: strict({ id: Id }), response: returns<TrustReportView>() },

  'skills:list': {
    request: Empty,
    response: returns<{ entries: ListedEntry[]; diagnostics: Diagnostic[] }>(),
  },
  'skills:get': { request: strict({ id: Id }), response: returns<LibraryEntry>() },
  'skills:list-files': { request: strict({ id: Id }), response: returns<string[]>() },
  'skills:read-file': { request: strict({ path: Path }), response: returns<FileView>() },
  'skills:save-file': {
    request: strict({
      path: Path,
      text: Type.String({ maxLength: MAX_EDITABLE_BYTES }),
      expectedHash: Type.Union([Type.String(), Type.Null()]),
      /** Write a byte order mark (default: keep what the file had). */
      bom: Type.Optional(Type.Boolean()),
    }),
    response: returns<FileView>(),
  },
  /** Creates a file or folder in the skill's folder from a template (shared/new-files.ts); never overwrites. */
  'skills:create-file': {
    request: strict({
      id: Id,
      /** Relative to the skill folder, `/` between folders; empty: the template's own path. */
      path: Type.String({ maxLength: 1024 }),
      kind: Type.Union(NEW_FILE_KINDS.map((k) => Type.Literal(k))),
    }),
    response: returns<{ path: string; folder: boolean }>(),
  },
  'skills:validate-text': {
    request: strict({
      path: Path,
      text: Type.String({ maxLength: MAX_EDITABLE_BYTES }),
      profile: Type.Optional(
        Type.Union([
          Type.Literal('portable'),
          Type.Literal('claude-code'),
          Type.Literal('clawft'),
          Type.Literal('zeroclaw'),
          Type.Literal('skillbench'),
        ]),
      ),
    }),
    response: returns<Diagnostic[]>(),
  },
  'skills:create': {
    request: strict({ rootId: Id, name: Name, description: Type.Optional(Type.String({ maxLength: 1024 })) }),
    response: returns<{ path: string }>(),
  },
  'skills:duplicate': {
    /** `rootId`: where the copy goes (default: the skill's own root, which must not be the bundled one). */
    request: strict({ id: Id, name: Name, rootId: Type.Optional(Id) }),
    response: returns<{ path: string }>(),
  },
  'skills:rename': { request: strict({ id: Id, name: Name }), response: returns<{ path: string }>() },
  'skills:delete': { request: strict({ id: Id }), response: returns<{ trashedTo: string | null }>() },
  /** Runs one `` !`command` `` line of the saved manifest, on the author's request (trusted roots only). */
  'skills:run-command': {
    request: strict({ id: Id, command: Type.String({ minLength: 1, maxLength: 4096 }) }),
    response: returns<CommandRunView>(),
  },
  /** The skills of the agents' folders listed in the first project's AGENTS.md (openskills' block), for agents
   *  without native skills. */
  'skills:sync-agents-md': {
    request: Empty,
    response: returns<{ path: string; skills: string[]; created: boolean; changed: boolean }>(),
  },

  'drafts:list': { request: Empty, response: returns<DraftView[]>() },
  'drafts:put': {
    request: strict({
      path: Path,
      text: Type.String({ maxLength: MAX_EDITABLE_BYTES }),
      baseHash: Type.Union([Type.String(), Type.Null()]),
    }),
    response: returns<DraftView>(),
  },
  'drafts:discard': { request: strict({ path: Path }), response: returns<{ discarded: true }>() },

  'tools:list': { request: strict({ skillId: Id }), response: returns<ToolDefinition[]>() },
  'tools:run': {
    request: strict({
      runId: Id,
      skillId: Id,
      tool: Id,
      args: Json,
      timeoutSecs: Type.Optional(Type.Number({ minimum: 1, maximum: MAX_TIMEOUT_SECS })),
    }),
    response: returns<ToolOutput>(),
  },
  /**
   * Stops a run of any area by its id: a tool, an eval, a manage inspect, install or update (nothing is written;
   * an install is undone whole). Says whether one was going.
   */
  'runs:cancel': { request: strict({ runId: Id }), response: returns<{ cancelled: boolean }>() },

  'history:list': {
    request: strict({
      query: Type.Optional(Type.String({ maxLength: 1000 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    }),
    response: returns<HistoryEntryView[]>(),
  },
  'history:search': {
    request: strict({
      query: Type.String({ minLength: 1, maxLength: 1000 }),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    }),
    response: returns<HistoryEntryView[]>(),
  },
  'history:get': { request: strict({ id: Id }), response: returns<HistoryEntryView>() },
  'history:pin': {
    request: strict({ id: Id, pinned: Type.Boolean() }),
    response: returns<HistoryEntryView>(),
  },
  'history:clear': {
    request: strict({ keepPinned: Type.Optional(Type.Boolean()) }),
    response: returns<{ cleared: true }>(),
  },

  'cases:list': { request: strict({ skillId: Id }), response: returns<SavedCaseView[]>() },
  'cases:save': {
    request: strict({
      skillId: Id,
      name: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$' }),
      case: Json,
    }),
    response: returns<{ path: string }>(),
  },
  'cases:run': {
    request: strict({ skillId: Id, names: Type.Optional(Type.Array(Type.String())) }),
    response: returns<CaseResultSummary[]>(),
  },

  'mcp:list': { request: Empty, response: returns<McpServerView[]>() },
  'mcp:status': { request: strict({ name: Id }), response: returns<McpServerView>() },
  'mcp:restart': { request: strict({ name: Id }), response: returns<McpServerView>() },
  /** Issue 16, the Servers view: connect (if needed) and say what the server told about itself. */
  'mcp:info': { request: strict({ name: Id }), response: returns<McpServerInfoView>() },
  'mcp:disconnect': { request: strict({ name: Id }), response: returns<McpServerView>() },
  'mcp:list-tools': {
    request: strict({ name: Id, cursor: Cursor }),
    response: returns<McpPage<McpToolView>>(),
  },
  'mcp:list-resources': {
    request: strict({ name: Id, cursor: Cursor }),
    response: returns<McpPage<McpResourceView>>(),
  },
  'mcp:list-templates': {
    request: strict({ name: Id, cursor: Cursor }),
    response: returns<McpPage<McpResourceTemplateView>>(),
  },
  'mcp:list-prompts': {
    request: strict({ name: Id, cursor: Cursor }),
    response: returns<McpPage<McpPromptView>>(),
  },
  /** Calls a server's tool directly (progress as `runs:progress`, cancel with `runs:cancel` and the same run id). */
  'mcp:call-tool': {
    request: strict({
      runId: Id,
      name: Id,
      tool: Id,
      args: Json,
      timeoutSecs: Type.Optional(Type.Number({ minimum: 1, maximum: MAX_TIMEOUT_SECS })),
    }),
    response: returns<ToolOutput>(),
  },
  'mcp:read-resource': {
    request: strict({ name: Id, uri: Type.String({ minLength: 1, maxLength: 8192 }) }),
    response: returns<McpResourceContentsView>(),
  },
  'mcp:subscribe': {
    request: strict({
      name: Id,
      uri: Type.String({ minLength: 1, maxLength: 8192 }),
      subscribed: Type.Boolean(),
    }),
    response: returns<{ subscribed: boolean }>(),
  },
  'mcp:get-prompt': {
    request: strict({ name: Id, prompt: Id, args: Type.Record(Type.String(), Type.String()) }),
    response: returns<McpPromptResultView>(),
  },
  'mcp:complete': {
    request: strict({
      name: Id,
      ref: Type.Union([
        strict({ type: Type.Literal('ref/prompt'), name: Id }),
        strict({ type: Type.Literal('ref/resource'), uri: Type.String({ minLength: 1, maxLength: 8192 }) }),
      ]),
      argument: strict({ name: Id, value: Type.String({ maxLength: 8192 }) }),
      context: Type.Optional(Type.Record(Type.String(), Type.String())),
    }),
    response: returns<{ values: string[] }>(),
  },
  'mcp:set-logging-level': {
    request: strict({
      name: Id,
      level: Type.Union(
        ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'].map((l) =>
          Type.Literal(l),
        ),
      ),
    }),
    response: returns<{ level: string }>(),
  },
  'mcp:ping': { request: strict({ name: Id }), response: returns<{ ms: number }>() },
  /** Every JSON-RPC message exchanged with the server (newest last), and the tail of its stderr. */
  'mcp:protocol-log': {
    request: strict({ name: Id }),
    response: returns<{ entries: McpProtocolEntryView[]; stderr: string }>(),
  },
  /** Servers in the `mcpServers` format: those named, or every configured one. */
  'mcp:export': {
    request: strict({ names: Type.Optional(Type.Array(Id, { maxItems: 1000 })) }),
    response: returns<{ mcpServers: Record<string, JsonValue> }>(),
  },
  /** Sampling and elicitation requests waiting for the user (a window opened later sees them too). */
  'mcp:pending-requests': { request: Empty, response: returns<McpClientRequestView[]>() },
  /**
   * The user's answer to a waiting request. Sampling: `{ action: 'approve', result }` (a CreateMessageResult) or
   * `{ action: 'reject', message? }`; elicitation: an ElicitResult (`accept` with `content`, `decline`, `cancel`).
   */
  'mcp:answer': { request: strict({ id: Id, answer: Json }), response: returns<{ answered: boolean }>() },
  /**
   * A draft reply to a waiting sampling request from a configured model provider (Settings → Model providers). Only
   * the draft comes back: the server gets nothing until the user approves it with `mcp:answer`.
   */
  'mcp:sample-draft': {
    request: strict({ id: Id, provider: Id }),
    response: returns<{ text: string; model: string; leftOut: string[]; truncated: boolean }>(),
  },
  /** What a `kind: mcp` tool wrapping a server's tool would advertise in a skill (composed name, narrowed schema). */
  'mcp:wrap-preview': {
    request: strict({
      skillId: Id,
      toolName: Type.String({ minLength: 1, maxLength: 200 }),
      server: Id,
      tool: Id,
      lockedArgs: Type.Record(Type.String(), Json),
    }),
    response: returns<McpWrapPreview>(),
  },

  // Evals (issue 15). Runs report `runs:progress` and are cancelled with `runs:cancel` and their run id; `budget`
  // stops a run cleanly once spent (its results say so in `stopped`).
  'evals:list-providers': { request: Empty, response: returns<ProviderView[]>() },
  /** Adds or replaces a provider; `key`: a new key, `null` forgets it, absent keeps it. Keys are write-only. */
  'evals:save-provider': {
    request: strict({
      provider: Json,
      key: Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()])),
      previousName: Type.Optional(Name),
    }),
    response: returns<ProviderView[]>(),
  },
  'evals:remove-provider': { request: strict({ name: Name }), response: returns<ProviderView[]>() },
  /** The skill's evals/triggers.json against the catalog; `description` replaces the saved one (A/B). */
  'evals:run-triggers': {
    request: strict({
      runId: Id,
      skillId: Id,
      provider: Name,
      runs: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
      description: Type.Optional(Type.String({ maxLength: 4096 })),
      budget: EvalBudget,
      mode: RunModeSchema,
    }),
    response: returns<TriggerReport>(),
  },
  'evals:run-collisions': {
    request: strict({
      runId: Id,
      provider: Name,
      runs: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
      budget: EvalBudget,
      mode: RunModeSchema,
    }),
    response: returns<CollisionsView>(),
  },
  /**
   * The trigger and collision runs sent as batches and not yet collected. Saved ones no run of this host polls (the
   * app was restarted) are picked up here: each gets a run id, whose end writes its results as the run would have.
   */
  'evals:list-batches': { request: Empty, response: returns<BatchView[]>() },
  /** Asks the provider to cancel the batch `runId` polls; the run ends with what was answered before. */
  'evals:cancel-batch': { request: strict({ runId: Id }), response: returns<BatchView[]>() },
  /** Forgets a saved batch no run follows (one that failed): its file is deleted; the vendor is not asked. */
  'evals:remove-batch': { request: strict({ batchId: Id }), response: returns<BatchView[]>() },
  'evals:run-output': {
    request: strict({
      runId: Id,
      skillId: Id,
      provider: Name,
      runs: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
      /** skill-creator's baselines: no skill (default), the snapshot taken before the edits, or none. */
      baseline: Type.Optional(
        Type.Union([Type.Literal('without_skill'), Type.Literal('old_skill'), Type.Literal('none')]),
      ),
      budget: EvalBudget,
    }),
    response: returns<OutputRunView>(),
  },
  /**
   * Copies the skill as it is now to `<skill>-workspace/skill-snapshot/` (skill-creator's snapshot, the `old_skill`
   * baseline); an existing snapshot is replaced only with `replace`.
   */
  'evals:snapshot': {
    request: strict({ skillId: Id, replace: Type.Optional(Type.Boolean()) }),
    response: returns<EvalResultsView>(),
  },
  /**
   * Asks the model for `count` trigger queries for the skill (should-trigger ones and near-misses) and returns the new
   * ones: nothing is added to the set. `existing`: the set as the tab holds it (unsaved rows too); proposals repeating
   * one are dropped. Cancel with `runs:cancel` and the run id.
   */
  'evals:generate-triggers': {
    request: strict({
      runId: Id,
      skillId: Id,
      provider: Name,
      count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
      existing: Type.Array(
        strict({ query: Type.String({ maxLength: 8192 }), should_trigger: Type.Boolean() }),
        { maxItems: 2000 },
      ),
    }),
    response: returns<GeneratedQueries>(),
  },
  /**
   * skill-creator's description optimisation loop on the skill's trigger set (run_loop.py: train and held-out
   * queries, the model proposes from the train failures, the best on the held-out queries wins). Nothing is written:
   * the view holds SKILL.md as proposed and the hash it was made from, for `skills:save-file` when the author accepts.
   */
  'evals:optimize-description': {
    request: strict({
      runId: Id,
      skillId: Id,
      provider: Name,
      runs: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
      holdout: Type.Optional(Type.Number({ minimum: 0, maximum: 0.9 })),
      maxIterations: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
      budget: EvalBudget,
    }),
    response: returns<OptimizeView>(),
  },
  'evals:results': { request: strict({ skillId: Id }), response: returns<EvalResultsView>() },
  /** One output eval run's transcript, answer and grading (`dir`: a run folder of the skill's workspace). */
  'evals:transcript': { request: strict({ skillId: Id, dir: Path }), response: returns<TranscriptView>() },
  // The Playground: a conversation with a model that sees the runtime's catalog, loads skills with the Skill tool and
  // calls their tools through the executor once the author approves. Steps stream as `chat:step` events.
  /** Sends one user turn and answers the finished turn; the first send starts the conversation (provider fixed). */
  'chat:send': {
    request: strict({
      conversationId: Id,
      provider: Name,
      profile: Type.Optional(Profile),
      /** The skill the Playground is opened from: where the conversation is saved. */
      skillId: Type.Optional(Id),
      text: Type.String({ minLength: 1, maxLength: 100_000 }),
      unsaved: Unsaved,
    }),
    response: returns<ChatTurn>(),
  },
  /** Answers a tool step waiting for the author. */
  'chat:approve': {
    request: strict({ conversationId: Id, callId: Id, decision: Decision }),
    response: returns<Record<string, never>>(),
  },
  /** Stops the turn in flight (the model request aborted, a running tool cancelled); the conversation goes on. */
  'chat:stop': { request: strict({ conversationId: Id }), response: returns<Record<string, never>>() },
  /** Forgets the in-memory conversation. */
  'chat:reset': { request: strict({ conversationId: Id }), response: returns<Record<string, never>>() },
  /** Writes the conversation to the skill's `.skillbench/conversations/` (or the data folder's, library-wide). */
  'chat:save': {
    request: strict({ conversationId: Id }),
    response: returns<{ file: string; conversation: Conversation }>(),
  },
  /** Saved conversations of a skill (or library-wide ones without `skillId`), newest first. */
  'chat:list': {
    request: strict({ skillId: Type.Optional(Id) }),
    response: returns<ConversationListItem[]>(),
  },
  'chat:open': { request: strict({ file: Path }), response: returns<Conversation>() },
  /** Sends a saved conversation's user turns again, against the current files, under a new conversation id. */
  'chat:replay': {
    request: strict({ conversationId: Id, file: Path, provider: Type.Optional(Name), unsaved: Unsaved }),
    response: returns<{ conversation: Conversation; comparison: ReplayTurnComparison[] }>(),
  },
  /** Appends a user turn to the skill's trigger set; `added` false when the query was already there. */
  'chat:keep-trigger': {
    request: strict({
      skillId: Id,
      query: Type.String({ minLength: 1, maxLength: 100_000 }),
      shouldTrigger: Type.Boolean(),
    }),
    response: returns<{ file: string; added: boolean }>(),
  },
  /** Appends the conversation to the skill's evals/evals.json (skill-creator's format), answer as expected output. */
  'chat:keep-output-eval': {
    /** The conversation in memory (`conversationId`), or a saved one opened from the list (`file`). */
    request: strict({ skillId: Id, conversationId: Type.Optional(Id), file: Type.Optional(Path) }),
    response: returns<{ file: string; id: number }>(),
  },
  // Managing skills across agents (issue 17): the same core as `skillbench add | update | remove | pack`.
  /** The agent table, with the folders of `project` (one of the open projects; the first by default). */
  'manage:agents': {
    request: strict({ project: Type.Optional(Path) }),
    response: returns<ManageAgentsView>(),
  },
  /**
   * Fetches a source (folder, .skill/.zip, git) and says what it holds, checked with the agents' profiles. With a
   * `runId`, each step is told as `manage:progress` and `runs:cancel` stops it; relative paths are read from
   * `project` (the first open project by default).
   */
  'manage:inspect': {
    request: strict({
      source: Type.String({ minLength: 1, maxLength: 4096 }),
      agents: Type.Array(Id, { minItems: 1, maxItems: 100 }),
      runId: Type.Optional(Id),
      project: Type.Optional(Path),
      /** Where and how it would be installed: which agents read the shared copy depends on both. */
      scope: Type.Optional(ManageScope),
      copy: Type.Optional(Type.Boolean()),
    }),
    response: returns<SourceInspectionView>(),
  },
  /** Installs skills of an inspected source (progress as `manage:progress` with `runId`); the source is then let go. */
  'manage:install': {
    request: strict({
      runId: Id,
      inspectionId: Id,
      skills: Type.Array(Name, { minItems: 1, maxItems: 1000 }),
      agents: Type.Array(Id, { minItems: 1, maxItems: 100 }),
      scope: ManageScope,
      project: Type.Optional(Path),
      copy: Type.Optional(Type.Boolean()),
      force: Type.Optional(Type.Boolean()),
    }),
    response: returns<InstallResultView[]>(),
  },
  'manage:discard': { request: strict({ inspectionId: Id }), response: returns<{ discarded: boolean }>() },
  'manage:installed': {
    request: strict({ project: Type.Optional(Path) }),
    response: returns<InstalledSkillView[]>(),
  },
  /** Fetches the locked sources and compares; `manage:update` applies (a modified copy only with `force`). */
  /** Asks each locked source for a newer version; `runs:cancel` with `runId` stops it (nothing is written). */
  'manage:check-updates': {
    request: strict({
      scope: ManageScope,
      names: ManageNames,
      project: Type.Optional(Path),
      runId: Type.Optional(Id),
    }),
    response: returns<UpdateCheckView[]>(),
  },
  /** Applies updates; `runs:cancel` with `runId` stops it (a skill being installed is undone whole). */
  'manage:update': {
    request: strict({
      scope: ManageScope,
      names: ManageNames,
      project: Type.Optional(Path),
      force: Type.Optional(Type.Boolean()),
      /** Name -> the `sourceHash` its check reported: only the version reviewed is applied. */
      expected: Type.Optional(Type.Record(Type.String({ maxLength: 256 }), Type.String({ maxLength: 128 }))),
      runId: Type.Optional(Id),
    }),
    response: returns<UpdateCheckView[]>(),
  },
  /** Links are removed, real folders go to the OS trash; without `agents`, from every agent holding it. */
  'manage:remove': {
    request: strict({
      scope: ManageScope,
      names: Type.Array(Name, { minItems: 1, maxItems: 1000 }),
      agents: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100 })),
      project: Type.Optional(Path),
    }),
    response: returns<RemoveResultView[]>(),
  },
  /** Packs a library skill into a zip at `file` (inside one of the user's roots), checked with the portable profile. */
  'manage:pack': {
    request: strict({ id: Id, file: Path, force: Type.Optional(Type.Boolean()) }),
    response: returns<PackResultView>(),
  },

  'settings:get': { request: Empty, response: returns<Settings>() },
  'settings:set': { request: strict({ settings: Json }), response: returns<Settings>() },
} satisfies Record<ChannelName, { request: TSchema; response: unknown }>;

export type Channel = keyof typeof CONTRACT;
export const CHANNELS = Object.keys(CONTRACT) as Channel[];
export type RequestOf<C extends Channel> = Static<(typeof CONTRACT)[C]['request']>;
export type ResponseOf<C extends Channel> = (typeof CONTRACT)[C]['response'];

/** Errors are values at the boundary (STYLE.md convention 3). */
export type IpcError = { code: SkillErrorCode; message: string; details?: JsonValue };
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export { APP_COMMANDS, type AppCommand } from './ipc-names.js';

/**
 * What one change to the library did (issue 10: a save or an outside edit re-reads only the skills it touches).
 * Entries are keyed by `path` (a folder's losing manifests share the winner's id). With `reset`, the library was
 * rescanned (roots, settings, "Reload Skills"): fetch `skills:list` again instead of patching.
 */
export interface SkillsChanged {
  /** Ids of the skills affected (changed, added or removed). */
  ids: string[];
  /** The new state of every entry that changed or appeared. */
  entries: ListedEntry[];
  /** Paths of entries that are gone. */
  removed: string[];
  /** Problems with the roots themselves, as they are now. */
  diagnostics: Diagnostic[];
  reset: boolean;
}

/** Push events: `area:changed` style names, typed payloads. */
export const EVENTS = {
  'app:command': returns<{ command: AppCommand }>(),
  /** Something waits to be opened: take it with `app:take-open-requests`. */
  'app:open-requested': returns<{ waiting: number }>(),
  'skills:changed': returns<SkillsChanged>(),
  /**
   * Throttled, at most 1 MiB of `message` text per run; `truncated` marks the note sent when the rest is dropped
   * (the cap was reached, or this window fell behind). The run's result always holds the output.
   */
  'runs:progress': returns<{
    runId: string;
    progress?: number;
    total?: number;
    message?: string;
    truncated?: boolean;
  }>(),
  /**
   * A run ended (its last progress was sent before). Only the id: the output or the error is the call's own answer,
   * and other windows re-read what they show (the history).
   */
  'runs:finished': returns<{ runId: string }>(),
  /**
   * An MCP server asks the user to sign in (OAuth): `waiting` with the page's URL (the app opened the browser; browser
   * mode shows the link), then `done` or `failed`.
   */
  'mcp:sign-in': returns<{
    server: string;
    state: 'waiting' | 'done' | 'failed';
    url?: string;
    error?: string;
  }>(),
  /** A server asks the user something (sampling, elicitation): answer with `mcp:answer`. */
  'mcp:request': returns<McpClientRequestView>(),
  /** A waiting request is no longer waiting: answered, cancelled by the server, or timed out. */
  'mcp:request-settled': returns<{ id: string; outcome: 'answered' | 'cancelled' | 'timeout' }>(),
  'mcp:notification': returns<McpNotificationView>(),
  /** A step of a Playground turn, new or changed (a later event with the same `index` replaces the step). */
  'chat:step': returns<{ conversationId: string; turn: number; index: number; step: ChatStep }>(),
  'manage:progress': returns<InstallProgressView>(),
  /** What a manage request did besides its task: a killed install's leftovers put back or sent to the trash. */
  'manage:notice': returns<ManageNoticeView>(),
} satisfies Record<EventNameOnly, unknown>;
export type EventName = keyof typeof EVENTS;
export type EventOf<E extends EventName> = (typeof EVENTS)[E];

// The names alone (no schemas), for the preload: shared/ipc-names.ts.
export { CHANNEL_NAMES, EVENT_NAMES, methodName } from './ipc-names.js';

/** What the renderer talks to, in Electron (window.skillbench) and in browser mode alike. */
export interface HostApi {
  invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void;
}
