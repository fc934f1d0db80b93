// `skillbench mcp …` (issue 16): a server's tools, resources and prompts, called and read directly — no skill needed —
// with the client side of the protocol answered from `--answers FILE`, the protocol log on request, and the config
// exported in the `mcpServers` format.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CallToolResult, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { SkillError } from '../../../shared/errors.js';
import type { JsonValue } from '../../../shared/types.js';
import { answersClientSide } from '../../core/mcp/client-side.js';
import { exportMcpServers, transportOf } from '../../core/mcp/config.js';
import { mcpCredentialsFile, userDataDir } from '../../core/app-data.js';
import { McpCredentialFile } from '../../core/mcp/oauth.js';
import { bundledSkillsDir } from '../../core/paths.js';
import { Workspace } from '../../core/workspace.js';
import { UsageError, type CliIo } from '../io.js';
import { parseFormat } from '../library-args.js';
import { openInBrowser } from '../open-browser.js';
import { cliTrust } from '../trust.js';
import { reportError } from './tools.js';
import { describeJsonProblem, readJson } from '../../../shared/json-read.js';
import { base64Bytes } from '../../../shared/units.js';

const MCP_USAGE = `Usage: skillbench mcp <list | info SERVER | tools SERVER | call SERVER TOOL [--args JSON] |
  resources SERVER | read SERVER URI | prompts SERVER | prompt SERVER NAME [--args JSON] | export [SERVER...]>
  [--root PATH]... [--mcp-config FILE] [--trust] [--answers FILE] [--protocol-log FILE] [--format text|json]`;

const ARITY: Record<string, [min: number, max: number]> = {
  list: [0, 0],
  info: [1, 1],
  tools: [1, 1],
  call: [2, 2],
  resources: [1, 1],
  read: [2, 2],
  prompts: [1, 1],
  prompt: [2, 2],
  export: [0, Infinity],
};

interface McpArgs {
  sub?: string;
  /** The positionals after the subcommand. */
  operands?: string[];
  roots?: string[];
  mcpConfig?: string;
  format?: string;
  trust?: boolean;
  args?: string;
  answers?: string;
  protocolLog?: string;
}

export async function runMcp(a: McpArgs, io: CliIo): Promise<number> {
  const sub = a.sub ?? '';
  const operands = a.operands ?? [];
  const arity = ARITY[sub];
  if (!arity || operands.length < arity[0] || operands.length > arity[1]) throw new UsageError(MCP_USAGE);
  const format = parseFormat(a.format, ['text', 'json'] as const);
  const args = a.args === undefined ? {} : parseArgsObject(a.args);
  let workspace: Workspace;
  try {
    workspace = Workspace.open({
      roots: [
        ...(a.roots ?? []).map((r) => ({ path: resolve(io.cwd, r), kind: 'project' as const })),
        { path: bundledSkillsDir(), kind: 'bundled' },
      ],
      ...(a.mcpConfig ? { mcpConfigFile: resolve(io.cwd, a.mcpConfig) } : {}),
      trust: cliTrust(a.trust),
      mcpClient: {
        ...answersClientSide(a.answers ? resolve(io.cwd, a.answers) : undefined, {
          log: (line) => io.stderr(`${line}\n`),
        }),
        // A server that answers 401 is signed in to in the browser; the tokens are kept for the next run.
        credentials: new McpCredentialFile(mcpCredentialsFile(userDataDir())),
        authorize: (name, url) => {
          io.stderr(`MCP server "${name}" asks you to sign in. Opening your browser at:\n  ${url.href}\n`);
          if (!process.env.SKILLBENCH_NO_BROWSER) openInBrowser(url.href);
        },
      },
    });
  } catch (error) {
    return reportError(error, format, io);
  }
  const out = (value: unknown, text: () => string) =>
    io.stdout(format === 'json' ? `${JSON.stringify(value, null, 2)}\n` : text());
  const server = operands[0] ?? '';
  const pool = workspace.pool;
  try {
    if (sub !== 'list' && sub !== 'export') usable(workspace, server);
    switch (sub) {
      case 'list':
        return await list(workspace, format, io);
      case 'export': {
        const servers = exportMcpServers(
          Object.fromEntries(Object.entries(workspace.mcpServers.active).map(([n, s]) => [n, s.config])),
          operands,
        );
        io.stdout(`${JSON.stringify(servers, null, 2)}\n`);
        return 0;
      }
      case 'info': {
        const info = await pool.info(server);
        out(
          info,
          () =>
            [
              `${server}  ${info.version ? `${info.version.name} ${info.version.version}` : ''}  (${info.transport})`,
              `capabilities: ${Object.keys(info.capabilities ?? {}).join(', ') || '(none)'}`,
              ...(info.instructions ? ['instructions:', indent(info.instructions)] : []),
            ].join('\n') + '\n',
        );
        return 0;
      }
      case 'tools': {
        const tools = await pool.listTools(server);
        out({ tools }, () =>
          tools
            .map(
              (t) =>
                `${t.name}${t.title ? ` (${t.title})` : ''}  ${t.description ?? ''}\n${indent(JSON.stringify(t.inputSchema, null, 2))}\n`,
            )
            .join(''),
        );
        return 0;
      }
      case 'call': {
        const result = await pool.callTool(server, operands[1] ?? '', args);
        out(result, () => describeContent(result));
        return result.isError ? 1 : 0;
      }
      case 'resources': {
        const [resources, templates] = await Promise.all([
          pool.listResources(server),
          pool.listResourceTemplates(server).catch(() => []),
        ]);
        out(
          { resources, resourceTemplates: templates },
          () =>
            [
              ...resources.map((r) => `${r.uri}  ${r.name}${r.mimeType ? `  ${r.mimeType}` : ''}`),
              ...templates.map((t) => `${t.uriTemplate}  ${t.name}  (template)`),
            ].join('\n') + '\n',
        );
        return 0;
      }
      case 'read': {
        const result = await pool.readResource(server, operands[1] ?? '');
        out(result, () => describeContents(result));
        return 0;
      }
      case 'prompts': {
        const prompts = await pool.listPrompts(server);
        out({ prompts }, () =>
          prompts
            .map(
              (p) =>
                `${p.name}  ${p.description ?? ''}${(p.arguments ?? []).map((x) => `\n  ${x.name}${x.required ? ' (required)' : ''}  ${x.description ?? ''}`).join('')}\n`,
            )
            .join(''),
        );
        return 0;
      }
      default: {
        const strings = Object.fromEntries(
          Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        );
        const result = await pool.getPrompt(server, operands[1] ?? '', strings);
        out(result, () => describePrompt(result));
        return 0;
      }
    }
  } catch (error) {
    return reportError(error, format, io);
  } finally {
    if (a.protocolLog && server)
      writeFileSync(resolve(io.cwd, a.protocolLog), `${JSON.stringify(pool.protocolLog(server), null, 2)}\n`);
    await workspace.close();
  }
}

/** A server an untrusted root defines is named as such, with the way out; an unknown one is NotFound. */
function usable(workspace: Workspace, server: string): void {
  const { active, blocked } = workspace.mcpServers;
  if (active[server]) return;
  const b = blocked[server];
  if (b)
    throw new SkillError(
      'PermissionDenied',
      `MCP server "${server}" is not started: ${b.reason} (or pass --trust)`,
    );
  const known = Object.keys(active);
  throw new SkillError(
    'NotFound',
    `No MCP server named "${server}" is configured${known.length ? ` (configured: ${known.join(', ')})` : ''}. Add it to .skillbench/mcp.json in a root, or pass --mcp-config FILE.`,
  );
}

async function list(workspace: Workspace, format: 'text' | 'json', io: CliIo): Promise<number> {
  const pool = workspace.pool;
  const servers = [];
  for (const s of pool.status()) {
    try {
      const tools = await pool.listTools(s.name);
      servers.push({
        ...pool.status().find((x) => x.name === s.name),
        tools: tools.map((t) => ({ name: t.name, description: t.description ?? '' })),
      });
    } catch (error) {
      servers.push({
        ...pool.status().find((x) => x.name === s.name),
        error: (error as Error).message,
        tools: [],
      });
    }
  }
  const { active, blocked } = workspace.mcpServers;
  for (const [name, s] of Object.entries(blocked)) {
    if (active[name]) continue;
    servers.push({
      name,
      state: 'untrusted',
      transport: transportOf(s.config),
      source: s.config.source,
      error: `not started: ${s.reason} (or pass --trust)`,
      tools: [],
    });
  }
  if (format === 'json') io.stdout(`${JSON.stringify({ servers }, null, 2)}\n`);
  else {
    if (servers.length === 0)
      io.stdout('No MCP servers configured (.skillbench/mcp.json in a root, or --mcp-config FILE).\n');
    for (const s of servers) {
      io.stdout(`${s.name}  ${s.state}  ${s.transport}  ${s.source}\n`);
      if ('error' in s && s.error) io.stdout(`  error: ${s.error}\n`);
      for (const t of s.tools) io.stdout(`  ${s.name}__${t.name}  ${t.description}\n`);
    }
  }
  return servers.some((s) => s.state === 'failed') ? 1 : 0;
}

function parseArgsObject(json: string): Record<string, JsonValue> {
  const read = readJson(json);
  if (!read.ok) throw new UsageError(`--args must be a JSON object: ${describeJsonProblem(read.problem)}`);
  const parsed = read.value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new UsageError('--args must be a JSON object: not an object');
  return parsed;
}

const indent = (text: string) => text.replace(/^/gm, '  ');

type Content = CallToolResult['content'][number];

function describeOne(c: Content): string {
  switch (c.type) {
    case 'text':
      return c.text;
    case 'image':
    case 'audio':
      return `[${c.type} ${c.mimeType}, ${base64Bytes(c.data)} bytes]`;
    case 'resource_link':
      return `[resource link ${c.uri}${c.name ? ` (${c.name})` : ''}]`;
    case 'resource':
      return 'text' in c.resource
        ? `[resource ${c.resource.uri}]\n${c.resource.text}`
        : `[resource ${c.resource.uri}, binary]`;
    default:
      return JSON.stringify(c);
  }
}

function describeContent(result: CallToolResult): string {
  const parts = result.content.map(describeOne);
  if (result.structuredContent)
    parts.push(`structured: ${JSON.stringify(result.structuredContent, null, 2)}`);
  return `${result.isError ? 'error: ' : ''}${parts.join('\n')}\n`;
}

function describeContents(result: ReadResourceResult): string {
  return (
    result.contents
      .map((c) => ('text' in c ? c.text : `[${c.mimeType ?? 'binary'}, ${base64Bytes(c.blob)} bytes]`))
      .join('\n') + '\n'
  );
}

function describePrompt(result: GetPromptResult): string {
  return (
    (result.description ? `${result.description}\n` : '') +
    result.messages.map((m) => `${m.role}: ${describeOne(m.content)}`).join('\n') +
    '\n'
  );
}
