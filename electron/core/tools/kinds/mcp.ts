// The `mcp` kind: delegates to `{server}__{tool}` through the MCP pool, and turns its result into a ToolOutput
// (content blocks kept within caps like a process's output, structured content validated against the tool's output
// schema).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ContentBlock, JsonSchema, JsonValue } from '../../../../shared/types.js';
import { SkillError } from '../../../../shared/errors.js';
import { formatBytes, OUTPUT_CAP_BYTES } from '../../../../shared/units.js';
import { outputSchemaProblems } from '../validate-args.js';
import { declaredArgsOf, stringFields, type KindDeps, type KindResult, type ToolKindModule } from './kind.js';
import { fieldOrEntryPath, finding, label, pathOf, str, type EntryFinding } from './tool-entry.js';

/** How a manifest must write an MCP target: server name, two underscores, tool name, no spaces. */
const MCP_TARGET = /^[^_\s][^\s]*?__[^\s]+$/;

export function splitMcpTarget(target: string): { server: string; tool: string } {
  const at = target.indexOf('__');
  if (at <= 0 || at + 2 >= target.length)
    throw new SkillError('ConfigValidation', `MCP target "${target}" must be written {server}__{tool}.`);
  return { server: target.slice(0, at), tool: target.slice(at + 2) };
}

function pool(deps: KindDeps) {
  if (!deps.mcp)
    throw new SkillError(
      'ConfigValidation',
      'No MCP servers are configured: add .skillbench/mcp.json to a root or pass --mcp-config FILE.',
    );
  return deps.mcp;
}

export async function mcpToolSpec(deps: KindDeps, target: string) {
  const { server, tool } = splitMcpTarget(target);
  const tools = await pool(deps).listTools(server);
  const spec = tools.find((t) => t.name === tool);
  if (!spec)
    throw new SkillError(
      'NotFound',
      `MCP server "${server}" has no tool "${tool}" (it has: ${tools.map((t) => t.name).join(', ') || 'none'}).`,
    );
  return spec;
}

/** Text of one MCP result kept at most: the same 1 MiB as a process's stdout (issue 12). */
export const MCP_TEXT_CAP_BYTES = OUTPUT_CAP_BYTES;
/** Base64 data (images, audio, blobs) of one result kept at most. */
export const MCP_BINARY_CAP_BYTES = 4 * OUTPUT_CAP_BYTES;

/** Budgets for one result: text is cut at the cap with a note, binary blocks that do not fit are left out. */
class ResultBudget {
  private text = MCP_TEXT_CAP_BYTES;
  private binary = MCP_BINARY_CAP_BYTES;
  private textCut = false;
  /** Bytes of text the server sent, kept or not. */
  textBytes = 0;
  readonly notes: string[] = [];

  get truncated() {
    return this.textCut ? { atBytes: MCP_TEXT_CAP_BYTES, totalBytes: this.textBytes } : undefined;
  }

  takeText(text: string): string {
    const bytes = Buffer.byteLength(text);
    this.textBytes += bytes;
    if (bytes <= this.text) {
      this.text -= bytes;
      return text;
    }
    const kept = Buffer.from(text).subarray(0, this.text).toString('utf8');
    if (!this.textCut) this.notes.push(`[text truncated at ${formatBytes(MCP_TEXT_CAP_BYTES)}]`);
    this.textCut = true;
    this.text = 0;
    return kept;
  }

  takeBinary(data: string, what: string): boolean {
    if (data.length <= this.binary) {
      this.binary -= data.length;
      return true;
    }
    this.notes.push(
      `[${what} left out: ${formatBytes(data.length)} of data, over the ${formatBytes(MCP_BINARY_CAP_BYTES)} kept per result]`,
    );
    return false;
  }
}

export function mcpResultToOutput(result: CallToolResult, outputSchema: JsonSchema | undefined): KindResult {
  const budget = new ResultBudget();
  const content: ContentBlock[] = [];
  const texts: string[] = [];
  for (const block of result.content ?? []) {
    if (block.type === 'text') {
      const text = budget.takeText(block.text);
      content.push({ type: 'text', text });
      texts.push(text);
    } else if (block.type === 'image' || block.type === 'audio') {
      if (budget.takeBinary(block.data, `${block.type} ${block.mimeType}`))
        content.push({ type: block.type, data: block.data, mimeType: block.mimeType });
      texts.push(`[${block.type} ${block.mimeType}]`);
    } else if (block.type === 'resource') {
      const r = block.resource as { uri: string; mimeType?: string; text?: string; blob?: string };
      const text = r.text !== undefined ? budget.takeText(r.text) : undefined;
      const blob =
        r.blob !== undefined && budget.takeBinary(r.blob, `resource ${r.uri}`) ? r.blob : undefined;
      content.push({
        type: 'resource',
        uri: r.uri,
        ...(r.mimeType ? { mimeType: r.mimeType } : {}),
        ...(text !== undefined ? { text } : {}),
        ...(blob !== undefined ? { blob } : {}),
      });
      texts.push(text ?? `[resource ${r.uri}]`);
    } else if (block.type === 'resource_link') {
      content.push({
        type: 'resource',
        uri: block.uri,
        ...(block.mimeType ? { mimeType: block.mimeType } : {}),
      });
      texts.push(`[resource ${block.uri}]`);
    }
  }
  const out: KindResult = { output: texts.join('\n'), isError: result.isError === true, content };
  if (result.structuredContent !== undefined) {
    const size = Buffer.byteLength(JSON.stringify(result.structuredContent));
    if (size > MCP_TEXT_CAP_BYTES) {
      budget.notes.push(
        `[structured content left out: ${formatBytes(size)}, over the ${formatBytes(MCP_TEXT_CAP_BYTES)} kept]`,
      );
    } else {
      out.structured = result.structuredContent as JsonValue;
      const problems =
        outputSchema !== undefined && !result.isError
          ? outputSchemaProblems(outputSchema, out.structured)
          : undefined;
      if (problems) {
        out.isError = true;
        out.output =
          `${out.output}\n[structured output does not match the tool's output schema: ${problems}]`.trim();
      }
    }
  }
  if (out.output === '' && out.structured !== undefined) out.output = JSON.stringify(out.structured, null, 2);
  if (budget.notes.length) out.output = `${out.output}\n${budget.notes.join('\n')}`.trim();
  if (budget.truncated) out.truncated = budget.truncated;
  return out;
}

export const mcpKind: ToolKindModule = {
  readFields: (raw) => stringFields(raw, 'target'),
  describe: (tool) => tool.target ?? tool.name,
  runsLocalCode: () => false,
  mcpServer: (tool) => (tool.target ?? '').split('__')[0] ?? '',

  async directTools(deps) {
    const out = [];
    for (const s of deps.mcp?.status() ?? [])
      for (const t of await pool(deps).listTools(s.name))
        out.push({
          name: `${s.name}__${t.name}`,
          description: t.description ?? '',
          inputSchema: t.inputSchema as JsonSchema,
        });
    return out;
  },
  // A registry name with two underscores is a server's tool: `{server}__{tool}`.
  directTool: (name) =>
    name.includes('__') ? { name, description: '', kind: 'mcp', target: name } : undefined,

  async targetSchema(tool, deps) {
    return (await mcpToolSpec(deps, tool.target ?? '')).inputSchema as JsonSchema;
  },
  // Only what the pool learnt when it last listed the server: nothing is started to learn it.
  knownSchema(tool, deps) {
    let server: string, name: string;
    try {
      ({ server, tool: name } = splitMcpTarget(tool.target ?? ''));
    } catch {
      return undefined; // the manifest rule reports the target
    }
    return deps.mcp?.cachedTools(server)?.find((t) => t.name === name)?.inputSchema as JsonSchema | undefined;
  },
  toolType(tool) {
    const { server, tool: name } = splitMcpTarget(tool.target ?? '');
    return { type: 'mcp', server, tool: name };
  },
  async run(ctx) {
    const spec = await mcpToolSpec(ctx.deps, ctx.tool.target ?? '');
    const { server, tool } = splitMcpTarget(ctx.tool.target ?? '');
    const result = await pool(ctx.deps).callTool(server, tool, ctx.args, {
      timeoutMs: ctx.explicitTimeout ? ctx.timeoutMs : undefined,
      signal: ctx.signal,
      onProgress: ctx.onProgress,
      onWire: (wire) => ctx.onWire?.({ server, ...wire }),
    });
    return mcpResultToOutput(result, spec.outputSchema as JsonSchema | undefined);
  },

  manifestCodes: ['tool-target-missing', 'tool-target-unknown', 'tool-mcp-server-unknown'],
  checkEntry(e, ctx) {
    const target = str(e, 'target');
    if (!target?.trim()) {
      const message = `${label(e)} is a mcp tool without a \`target\`. Name the MCP tool as \`{server}__{tool}\`.`;
      return [finding(fieldOrEntryPath(e, 'target'), 'error', 'tool-target-missing', message)];
    }
    const out: EntryFinding[] = [];
    if (!MCP_TARGET.test(target)) {
      const message = `${label(e)}: MCP target "${target}" must be written \`{server}__{tool}\` (server name, two underscores, tool name), e.g. \`everything__echo\`.`;
      out.push(finding(pathOf(e, 'target'), 'error', 'tool-target-unknown', message));
    }
    const server = target.split('__')[0];
    if (server && ctx.mcpServers && target.includes('__') && !ctx.mcpServers.has(server)) {
      const message = `${label(e)}: no MCP server "${server}" is configured for this library (configured: ${[...ctx.mcpServers].join(', ') || 'none'}). Add it to .skillbench/mcp.json or fix the target.`;
      out.push(finding(pathOf(e, 'target'), 'warning', 'tool-mcp-server-unknown', message));
    }
    return out;
  },
  // The MCP server's own schema is only known once it runs: the manifest can only say what it declares itself.
  declaredArgs: (e) => declaredArgsOf(e),
  templateFields: [],
};
