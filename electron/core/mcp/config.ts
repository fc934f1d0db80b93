// Owns MCP server configuration in the Claude Desktop `mcpServers` format: reading, checking, `${root}` expansion.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { MANIFEST_FORMATS } from '../../../shared/manifest-formats.js';
import { MAX_TIMEOUT_SECS } from '../../../shared/types.js';

export interface McpServerConfig {
  /** stdio */
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** streamable HTTP */
  url?: string;
  headers?: Record<string, string>;
  /** Per-request timeout in seconds (default 60); progress notifications reset it. */
  timeoutSecs?: number;
  /** The file the entry came from. */
  source: string;
}

export const MCP_CONFIG_RELATIVE = join('.skillbench', 'mcp.json');

function isStringRecord(v: unknown): v is Record<string, string> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.values(v).every((x) => typeof x === 'string')
  );
}

/** Reads one config file; every problem is a ConfigValidation error naming the file and the key. */
export function readMcpConfig(
  file: string,
  rootForExpansion = dirname(dirname(file)),
): Record<string, McpServerConfig> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SkillError(
      'ConfigValidation',
      `${file}: not valid JSON (${(error as Error).message}). Fix the file; it uses the Claude Desktop "mcpServers" format.`,
    );
  }
  return parseMcpConfig(data, file, rootForExpansion, dirname(file));
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
        `${where}: give either "command" (stdio) or "url" (streamable HTTP).`,
      );
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
    const server: McpServerConfig = { source: file };
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
    }
    if (typeof s.timeoutSecs === 'number') server.timeoutSecs = s.timeoutSecs;
    out[name] = server;
  }
  return out;
}

/** A root that is itself a skill folder belongs to the library above it, whose config applies. */
function configFolders(root: string): string[] {
  const isSkillFolder = MANIFEST_FORMATS.some(({ file }) => existsSync(join(root, file)));
  return isSkillFolder ? [root, dirname(root)] : [root];
}

/** Configured servers, the config files they were looked for in (to watch), and the files that could not be read. */
export interface McpServerSet {
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
