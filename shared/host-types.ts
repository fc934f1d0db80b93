// Shapes that only cross the host boundary (views of core records), shared by the contract and its users.
import type { JsonValue, ValidationProfile } from './types.js';

export interface HistoryEntryView {
  id: string;
  at: string;
  skillId: string;
  skillName: string;
  tool: string;
  args: JsonValue;
  status: 'ok' | 'tool-error' | 'error' | 'cancelled';
  output: string;
  errorCode?: string;
  durationMs: number;
  pinned?: boolean;
  /** An MCP tool's run: the JSON-RPC request and response as they went on the wire (issue 16). */
  wire?: RunWireView;
}

/** One JSON-RPC message as sent or received; one longer than the history keeps has its JSON text cut instead. */
export type WireMessageView = { at: number; message: JsonValue } | { at: number; cut: string; bytes: number };

/** What a run exchanged with an MCP server: its request, the response, the cancellation if one was sent. */
export interface RunWireView {
  server: string;
  request?: WireMessageView;
  response?: WireMessageView;
  cancelled?: WireMessageView;
}

export interface SavedCaseView {
  name: string;
  path: string;
  /** The parsed case, or the reason it cannot be read. */
  case?: JsonValue;
  error?: string;
}

export interface CaseResultSummary {
  name: string;
  tool: string;
  passed: boolean;
  failures: string[];
  durationMs: number;
}

export interface McpServerView {
  name: string;
  /** `untrusted`: defined by a root the user has not trusted, so it does not start. */
  state: 'idle' | 'connecting' | 'connected' | 'failed' | 'untrusted';
  /** Who may call it: the roots whose config defines it, or `settings`/the file the user gave. */
  callers: string;
  transport: 'stdio' | 'http' | 'sse';
  source: string;
  error?: string;
  tools?: Array<{ name: string; description: string }>;
}

export interface Settings {
  /** Folders the user added as roots. */
  roots: string[];
  /** Which wins a name clash between project and user roots. */
  precedence: 'project' | 'user';
  profile: ValidationProfile;
  history: { maxEntries: number; maxBytes: number };
  theme: 'light' | 'dark' | 'system';
  /** The mcpServers JSON the user keeps in the app (in addition to each root's .skillbench/mcp.json). */
  mcpServers: Record<string, JsonValue>;
  /**
   * Folders the user trusts (workspace trust): their MCP servers, shell and script tools may run. Known by real
   * path and identity (device and inode), so a different folder put at the same path is not trusted.
   */
  trustedFolders: Array<{ path: string; identity: string }>;
  /**
   * The excluded-tools policy (issue 11): tool kinds (`shell`), tool names or composed names that may not run. They
   * are listed as excluded with the reason, and running one answers PermissionDenied.
   */
  excludedTools: string[];
  /** The desktop app looks for a new version at start and every few hours (Help → Check for Updates… always works). */
  checkForUpdates: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  roots: [],
  precedence: 'project',
  profile: 'skillbench',
  history: { maxEntries: 1000, maxBytes: 10 * 1024 * 1024 },
  theme: 'system',
  mcpServers: {},
  trustedFolders: [],
  excludedTools: [],
  checkForUpdates: true,
};

/** What a skill's `` !`command` `` line printed when the author ran it from the preview (issue 11). */
export interface CommandRunView {
  command: string;
  /** The shell it ran in (`bash`, or PowerShell for `shell: powershell`). */
  shell: string;
  /** The skill's folder, where it ran. */
  cwd: string;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  durationMs: number;
}

/** What a root would run once trusted (the trust banner shows exactly this). */
export interface TrustReportView {
  servers: Array<{
    name: string;
    file: string;
    command?: string;
    args?: string[];
    envKeys: string[];
    cwd?: string;
    url?: string;
  }>;
  tools: Array<{ skillId: string; tool: string; kind: string; command: string }>;
}

/** An unsaved buffer kept by the host so it survives a crash; `baseHash` is the disk version it was edited from. */
export interface DraftView {
  path: string;
  text: string;
  baseHash: string | null;
  savedAt: string;
}

/**
 * A data file of the app (settings, history) that could not be read: it was moved aside to `backup`, never
 * overwritten (issue 12). The app shows these; the CLI prints them on stderr.
 */
export interface DataNotice {
  file: string;
  backup: string;
  message: string;
  /** When it was moved aside (ISO 8601). */
  at: string;
}

/** What an MCP server said about itself when it connected (issue 16: the Servers view's overview). */
export interface McpServerInfoView {
  name: string;
  transport: 'stdio' | 'http' | 'sse';
  version?: { name: string; version: string; title?: string };
  capabilities?: { [key: string]: JsonValue };
  instructions?: string;
}

/** One page of a server's list; `nextCursor` asks for the next one. */
export interface McpPage<T> {
  items: T[];
  nextCursor?: string;
}

export interface McpToolView {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { [key: string]: JsonValue };
  outputSchema?: { [key: string]: JsonValue };
  annotations?: { [key: string]: JsonValue };
}

export interface McpResourceView {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface McpResourceTemplateView {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface McpPromptView {
  name: string;
  title?: string;
  description?: string;
  arguments?: Array<{ name: string; description?: string; required?: boolean }>;
}

/** A resource's contents as the server sent them (text, or base64 `blob`). */
export interface McpResourceContentsView {
  contents: Array<{ uri: string; mimeType?: string; text?: string; blob?: string }>;
}

export interface McpPromptResultView {
  description?: string;
  messages: Array<{ role: 'user' | 'assistant'; content: { [key: string]: JsonValue } }>;
}

/** One JSON-RPC message of a server's protocol log, as it went on the wire. */
export interface McpProtocolEntryView {
  /** Milliseconds since the epoch. */
  at: number;
  direction: 'in' | 'out';
  /** For a message kept cut: only its `jsonrpc`, `id`, `method` and error code and text. */
  message: { [key: string]: JsonValue };
  /** A message too big (or nesting too deep) to keep whole: the start of its JSON, or why it was refused. */
  cut?: string;
  /** The whole message's size in bytes, when it was cut for its size. */
  bytes?: number;
}

/** A server's request to the client that waits for the user: a sampling request or an elicitation. */
export interface McpClientRequestView {
  id: string;
  server: string;
  kind: 'sampling' | 'elicitation';
  /** The request's params as the server sent them (`sampling/createMessage` or `elicitation/create`). */
  params: { [key: string]: JsonValue };
  /** When it came (ISO 8601) and when it is refused unanswered. */
  at: string;
  expiresAt: string;
}

/** A notification from a server (logging, progress, resource updated, list changed). */
export interface McpNotificationView {
  server: string;
  method: string;
  params?: JsonValue;
  at: string;
}

/** What wrapping a server's tool in a skill would advertise (issue 16: "Wrap as skill tool"). */
export interface McpWrapPreview {
  composedName: string;
  target: string;
  /** The advertised schema: the tool's input schema with the locked keys removed. */
  inputSchema: { [key: string]: JsonValue };
  /** Locked keys the tool's schema does not declare (the manifest would warn). */
  undeclaredLocked: string[];
}
