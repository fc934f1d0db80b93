// Owns MCP server configuration in the Claude Desktop `mcpServers` format: reading, checking, `${root}` expansion.
// Tested by: test/unit/core/mcp-config.test.ts
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { MANIFEST_FORMATS } from '../../../shared/manifest-formats.js';
import { MAX_TIMEOUT_SECS, type JsonValue } from '../../../shared/types.js';
import { notJson, readJson } from '../../../shared/json-read.js';

/** How a client reaches a server: a child process, streamable HTTP, or the older HTTP+SSE transport. */
export type McpTransportKind = 'stdio' | 'http' | 'sse';

export interface McpServerConfig {
  /**
   * From `"type"` (`stdio`, `http` / `streamable-http` / `streamableHttp`, `sse`), else `stdio` for a command and
   * `http` for a URL (which falls back to SSE when the server answers the streamable POST with 4xx).
   */
  transport?: McpTransportKind;
  /** `"type"` was given: no fallback from one HTTP transport to the other. */
  typeGiven?: boolean;
  /** `"roots": true`: the server may list the library's roots (the client's `roots` capability; off by default). */
  roots?: boolean;
  /** stdio */
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** streamable HTTP */
  url?: string;
  headers?: Record<string, string>;
  /**
   * OAuth 2.1 for a URL server (on by default: used when the server answers 401): `false` turns it off, an object
   * names a client registered beforehand and the scope to ask for. Off when `headers` carry an Authorization.
   */
  oauth?: false | { clientId?: string; scope?: string };
  /** Per-request timeout in seconds (default 60); progress notifications reset it. */
  timeoutSecs?: number;
  /** The file the entry came from. */
  source: string;
}

const MCP_CONFIG_RELATIVE = join('.skillbench', 'mcp.json');

function isStringRecord(v: unknown): v is Record<string, string> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.values(v).every((x) => typeof x === 'string')
  );
}

/** The transport of a server (a config built in code may leave it out: a command is stdio, a URL streamable HTTP). */
export function transportOf(config: McpServerConfig): McpTransportKind {
  return config.transport ?? (config.url ? 'http' : 'stdio');
}

const TRANSPORT_TYPES: Record<string, McpTransportKind> = {
  stdio: 'stdio',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  sse: 'sse',
};

/** Reads one config file; every problem is a ConfigValidation error naming the file and the key. */
export function readMcpConfig(
  file: string,
  rootForExpansion = dirname(dirname(file)),
): Record<string, McpServerConfig> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SkillError('ConfigValidation', `${file}: could not be read (${(error as Error).message}).`);
  }
  const read = readJson(text);
  if (!read.ok)
    throw new SkillError(
      'ConfigValidation',
      `${file}: ${notJson(read.problem)}. Fix the file; it uses the Claude Desktop "mcpServers" format.`,
    );
  return parseMcpConfig(read.value, file, rootForExpansion, dirname(file));
}

/** Checks an `{ "mcpServers": { ... } }` value (from a file or from the app's settings). */
export function parseMcpConfig(
  data: unknown,
  file: string,
  rootForExpansion: string,
  baseDir: string,
): Record<string, McpServerConfig> {
  const servers = (data as { mcpServers?: unknown })?.mcpServers;
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) {
    throw new SkillError(
      'ConfigValidation',
      `${file}: expected { "mcpServers": { "<name>": { "command": ..., "args": [...] } } }.`,
    );
  }
  const expand = (s: string) => s.replace(/\$\{root\}/g, rootForExpansion);
  const out: Record<string, McpServerConfig> = {};
  for (const [name, raw] of Object.entries(servers as Record<string, unknown>)) {
    const where = `${file}: mcpServers.${name}`;
    if (!/^[A-Za-z0-9_-]+$/.test(name) || name.includes('__')) {
      throw new SkillError(
        'ConfigValidation',
        `${where}: server names use letters, digits, _ and - without "__" (tools are named {server}__{tool}).`,
      );
    }
    if (typeof raw !== 'object' || raw === null)
      throw new SkillError('ConfigValidation', `${where}: must be an object.`);
    const s = raw as Record<string, unknown>;
    const hasCommand = typeof s.command === 'string' && s.command !== '';
    const hasUrl = typeof s.url === 'string' && s.url !== '';
    if (hasCommand === hasUrl)
      throw new SkillError(
        'ConfigValidation',
        `${where}: give either "command" (stdio) or "url" (streamable HTTP or SSE).`,
      );
    const typeText = s.type === undefined ? undefined : JSON.stringify(s.type);
    const type =
      typeof s.type === 'string' && Object.hasOwn(TRANSPORT_TYPES, s.type)
        ? TRANSPORT_TYPES[s.type]
        : undefined;
    if (typeText !== undefined && !type)
      throw new SkillError(
        'ConfigValidation',
        `${where}.type: ${typeText} is not a transport; use "stdio", "http" (streamable HTTP) or "sse".`,
      );
    if (type && (type === 'stdio') !== hasCommand)
      throw new SkillError(
        'ConfigValidation',
        `${where}.type: ${typeText} needs ${type === 'stdio' ? '"command"' : '"url"'}, not ${hasCommand ? '"command"' : '"url"'}.`,
      );
    if (s.roots !== undefined && typeof s.roots !== 'boolean')
      throw new SkillError('ConfigValidation', `${where}.roots: must be true or false.`);
    if (s.args !== undefined && !(Array.isArray(s.args) && s.args.every((a) => typeof a === 'string')))
      throw new SkillError('ConfigValidation', `${where}.args: must be a list of strings.`);
    for (const key of ['env', 'headers'] as const) {
      if (s[key] !== undefined && !isStringRecord(s[key]))
        throw new SkillError('ConfigValidation', `${where}.${key}: must map names to strings.`);
    }
    if (
      s.timeoutSecs !== undefined &&
      (typeof s.timeoutSecs !== 'number' || !(s.timeoutSecs >= 1 && s.timeoutSecs <= MAX_TIMEOUT_SECS))
    )
      throw new SkillError(
        'ConfigValidation',
        `${where}.timeoutSecs: must be a number of seconds from 1 to ${MAX_TIMEOUT_SECS} (24 hours).`,
      );
    const server: McpServerConfig = {
      source: file,
      transport: type ?? (hasCommand ? 'stdio' : 'http'),
      ...(type ? { typeGiven: true } : {}),
      ...(s.roots === true ? { roots: true } : {}),
    };
    if (hasCommand && s.oauth !== undefined)
      throw new SkillError('ConfigValidation', `${where}.oauth: only a "url" server signs in with OAuth.`);
    if (hasCommand) {
      server.command = expand(s.command as string);
      server.args = (s.args ?? []).map(expand);
      if (s.env) server.env = s.env as Record<string, string>;
      const cwd = typeof s.cwd === 'string' ? expand(s.cwd) : undefined;
      if (cwd) server.cwd = isAbsolute(cwd) ? cwd : resolve(baseDir, cwd);
    } else {
      let url: URL;
      try {
        url = new URL(s.url as string);
      } catch {
        throw new SkillError('ConfigValidation', `${where}.url: "${String(s.url)}" is not a valid URL.`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new SkillError('ConfigValidation', `${where}.url: must be http(s).`);
      server.url = url.href;
      if (s.headers) server.headers = s.headers as Record<string, string>;
      if (s.oauth !== undefined) server.oauth = checkOauth(s.oauth, `${where}.oauth`);
    }
    if (typeof s.timeoutSecs === 'number') server.timeoutSecs = s.timeoutSecs;
    out[name] = server;
  }
  return out;
}

function checkOauth(v: unknown, where: string): McpServerConfig['oauth'] {
  if (v === false) return false;
  const o = v as Record<string, unknown>;
  const ok =
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.keys(o).every((k) => k === 'clientId' || k === 'scope') &&
    Object.values(o).every((x) => typeof x === 'string' && x !== '');
  if (!ok)
    throw new SkillError(
      'ConfigValidation',
      `${where}: use false (no OAuth) or { "clientId": "...", "scope": "..." } (both optional strings).`,
    );
  return o;
}

/**
 * Servers back in the `mcpServers` format (`"type"` always written, so another client picks the same transport):
 * those named, or all. What Claude Desktop, Claude Code and Skillbench read.
 */
export function exportMcpServers(
  servers: Readonly<Record<string, McpServerConfig>>,
  names: readonly string[] = [],
): { mcpServers: Record<string, Record<string, JsonValue>> } {
  const unknown = names.filter((n) => !Object.hasOwn(servers, n));
  if (unknown.length)
    throw new SkillError(
      'NotFound',
      `No MCP server named ${unknown.map((n) => `"${n}"`).join(', ')} is configured.`,
    );
  const mcpServers: Record<string, Record<string, JsonValue>> = {};
  for (const [name, c] of Object.entries(servers)) {
    if (names.length && !names.includes(name)) continue;
    const entry: Record<string, JsonValue> = { type: transportOf(c) };
    if (c.command !== undefined) {
      entry.command = c.command;
      entry.args = c.args ?? [];
      if (c.env) entry.env = c.env;
      if (c.cwd) entry.cwd = c.cwd;
    } else {
      entry.url = c.url ?? '';
      if (c.headers) entry.headers = c.headers;
      if (c.oauth !== undefined) entry.oauth = c.oauth;
    }
    if (c.timeoutSecs !== undefined) entry.timeoutSecs = c.timeoutSecs;
    if (c.roots) entry.roots = true;
    mcpServers[name] = entry;
  }
  return { mcpServers };
}

/** A root that is itself a skill folder belongs to the library above it, whose config applies. */
function configFolders(root: string): string[] {
  const isSkillFolder = MANIFEST_FORMATS.some(({ file }) => existsSync(join(root, file)));
  return isSkillFolder ? [root, dirname(root)] : [root];
}

/** Configured servers, the config files they were looked for in (to watch), and the files that could not be read. */
interface McpServerSet {
  servers: Record<string, McpServerConfig>;
  /** Every `.skillbench/mcp.json` path consulted, present or not (a change to one changes the set). */
  files: string[];
  /** Root config files that are broken: the rest still load, and the caller reports these. */
  problems: Array<{ file: string; message: string }>;
  /** Whether any config file exists at all (without one, no target can be called unknown). */
  configured: boolean;
}

/**
 * Servers from `.skillbench/mcp.json` of each root (first root wins a name clash), then an explicit file (which wins
 * and must exist and be valid: it was asked for by name).
 */
export function loadMcpServers(roots: readonly string[], explicitFile?: string): McpServerSet {
  const set: McpServerSet = { servers: {}, files: [], problems: [], configured: false };
  for (const folder of roots.flatMap(configFolders)) {
    const file = join(folder, MCP_CONFIG_RELATIVE);
    if (set.files.includes(file)) continue;
    set.files.push(file);
    if (!existsSync(file)) continue;
    set.configured = true;
    try {
      set.servers = { ...readMcpConfig(file, folder), ...set.servers };
    } catch (error) {
      set.problems.push({ file, message: (error as Error).message });
    }
  }
  if (explicitFile) {
    if (!existsSync(explicitFile))
      throw new SkillError('NotFound', `MCP config file not found: ${explicitFile}`);
    set.configured = true;
    set.files.push(explicitFile);
    Object.assign(set.servers, readMcpConfig(explicitFile, dirname(explicitFile)));
  }
  return set;
}
