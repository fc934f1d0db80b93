// Shapes that only cross the host boundary (views of core records), shared by the contract and its users.
import type { JsonValue, ValidationProfile } from './types.js';

export interface HistoryEntryView {
  id: string;
  at: string;
  skillId: string;
  skillName: string;
  tool: string;
  args: JsonValue;
  status: 'ok' | 'tool-error' | 'error';
  output: string;
  errorCode?: string;
  durationMs: number;
  pinned?: boolean;
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
  state: 'idle' | 'connecting' | 'connected' | 'failed';
  transport: 'stdio' | 'http';
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
}

export const DEFAULT_SETTINGS: Settings = {
  roots: [],
  precedence: 'project',
  profile: 'skillbench',
  history: { maxEntries: 1000, maxBytes: 10 * 1024 * 1024 },
  theme: 'system',
  mcpServers: {},
};

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
