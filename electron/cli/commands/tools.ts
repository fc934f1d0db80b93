// `skillbench tools` and `skillbench run`: the advertised definitions of a skill's tools, and one call of one tool.
import { MAX_TIMEOUT_SECS, type JsonSchema, type JsonValue, type ToolOutput } from '../../../shared/types.js';
import { resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import type { Settings } from '../../../shared/host-types.js';
import { historyFile, userDataDir } from '../../core/app-data.js';
import { SettingsStore } from '../../core/settings/store.js';
import { printNotices, UsageError, type CliIo } from '../io.js';
import { parseFormat } from '../library-args.js';
import { openToolSession } from '../tool-session.js';
import { describeJsonProblem, readJson } from '../../../shared/json-read.js';

export interface ToolArgs {
  skill?: string;
  tool?: string;
  format?: string;
  roots?: string[];
  mcpConfig?: string;
  trust?: boolean;
  args?: string;
  arg?: string[];
  timeout?: string;
  /** History file for `run` (default: history.jsonl in the user data folder). */
  history?: string;
  /** The excluded-tools policy: kinds or tool names refused with PermissionDenied. */
  excludeTool?: string[];
  /** `tools`: include the locked args, which a model is never offered. */
  showLocked?: boolean;
}

export async function runTools(a: ToolArgs, io: CliIo): Promise<number> {
  const format = parseFormat(a.format, ['text', 'json'] as const);
  if (!a.skill) throw new UsageError('tools needs a SKILL (a name or a folder).');
  const session = openToolSession(a.skill, a, io, policy(a));
  try {
    const defs = await session.workspace.executor.describeTools(session.skill.id);
    if (format === 'json') {
      // Exactly what a model is offered (issue 11): its name, description and schemas; `problem` where a tool cannot
      // run (broken, excluded, untrusted); the locked values only when asked for.
      const advertised = defs.map((d) => ({
        name: d.composedName,
        description: d.description,
        inputSchema: d.inputSchema,
        ...(d.outputSchema !== undefined ? { outputSchema: d.outputSchema } : {}),
        ...(d.problem ? { problem: d.problem } : {}),
        ...(a.showLocked && d.lockedArgs ? { lockedArgs: d.lockedArgs } : {}),
      }));
      io.stdout(`${JSON.stringify(advertised, null, 2)}\n`);
      return 0;
    }
    if (defs.length === 0) io.stdout(`Skill "${session.skill.name}" declares no tools.\n`);
    for (const d of defs) {
      io.stdout(`${d.composedName}  (${d.toolType.type}: ${d.runs ?? ''})\n`);
      if (d.description) io.stdout(`  ${d.description}\n`);
      for (const line of describeParams(d.inputSchema)) io.stdout(`  ${line}\n`);
      for (const [k, v] of Object.entries(d.lockedArgs ?? {}))
        io.stdout(
          `  ${k} = ${a.showLocked ? JSON.stringify(v) : '…'}  (locked by the manifest${a.showLocked ? '' : '; --show-locked shows it'})\n`,
        );
      if (d.problem) io.stdout(`  cannot run: ${d.problem}\n`);
    }
    return 0;
  } catch (error) {
    return reportError(error, format, io);
  } finally {
    await session.close();
  }
}

/** `--exclude-tool`: the excluded-tools policy for this command's workspace. */
export function policy(a: { excludeTool?: string[] }): { excludedSkillTools?: string[] } {
  return a.excludeTool?.length ? { excludedSkillTools: a.excludeTool } : {};
}

function describeParams(schema: JsonSchema): string[] {
  if (
    typeof schema !== 'object' ||
    typeof schema.properties !== 'object' ||
    schema.properties === null ||
    Array.isArray(schema.properties)
  )
    return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(schema.properties).map(([name, p]) => {
    const prop = (typeof p === 'object' && p !== null && !Array.isArray(p) ? p : {}) as Record<
      string,
      JsonValue
    >;
    const type = Array.isArray(prop.enum)
      ? prop.enum.map((x) => JSON.stringify(x)).join('|')
      : typeof prop.type === 'string'
        ? prop.type
        : Array.isArray(prop.type)
          ? prop.type.map((t) => JSON.stringify(t)).join('|')
          : 'any';
    return `${name}${required.has(name) ? '' : '?'}: ${type}${typeof prop.description === 'string' ? `  ${prop.description}` : ''}`;
  });
}

/** `--arg key=value`: a raw string where the schema wants a string, JSON otherwise (so `--arg n=3` is a number). */
export function argsFromFlags(
  json: string | undefined,
  pairs: string[] | undefined,
  schema: JsonSchema,
): Record<string, JsonValue> {
  let args: Record<string, JsonValue> = {};
  if (json !== undefined) {
    const read = readJson(json);
    if (!read.ok) throw new UsageError(`--args must be a JSON object: ${describeJsonProblem(read.problem)}`);
    const parsed = read.value;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new UsageError('--args must be a JSON object: not an object');
    args = parsed;
  }
  const props =
    typeof schema === 'object' && typeof schema.properties === 'object' && !Array.isArray(schema.properties)
      ? (schema.properties as Record<string, JsonValue>)
      : {};
  for (const pair of pairs ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--arg takes key=value, not "${pair}".`);
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    const prop = props[key];
    const type = typeof prop === 'object' && prop !== null && !Array.isArray(prop) ? prop.type : undefined;
    const wantsString =
      type === 'string' || (Array.isArray(type) && type.length === 1 && type[0] === 'string');
    let value: JsonValue = raw;
    if (!wantsString) {
      const read = readJson(raw);
      value = read.ok ? read.value : raw;
    }
    Object.defineProperty(args, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return args;
}

export async function runRun(a: ToolArgs, io: CliIo): Promise<number> {
  const format = parseFormat(a.format, ['text', 'json'] as const);
  if (!a.skill || !a.tool)
    throw new UsageError(
      'run needs a SKILL and a TOOL: skillbench run SKILL TOOL [--args JSON | --arg key=value ...].',
    );
  const timeoutSecs = a.timeout === undefined ? undefined : Number(a.timeout);
  if (timeoutSecs !== undefined && !(timeoutSecs >= 1 && timeoutSecs <= MAX_TIMEOUT_SECS))
    throw new UsageError(
      `--timeout takes a number of seconds from 1 to ${MAX_TIMEOUT_SECS} (24 hours), not "${a.timeout}".`,
    );
  const session = openToolSession(a.skill, a, io, { ...policy(a), history: historyFor(a.history, io) });
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    // Only the tool being run is described: its MCP server, and no other, is started.
    const definition = await session.workspace.executor.describeTool(session.skill.id, a.tool);
    const args = argsFromFlags(a.args, a.arg, definition.inputSchema);
    const output = await session.workspace.executor.executeTool(session.skill.id, a.tool, args, {
      signal: controller.signal,
      ...(timeoutSecs ? { timeoutSecs } : {}),
    });
    printOutput(output, format, io);
    return output.isError ? 1 : 0;
  } catch (error) {
    return reportError(error, format, io);
  } finally {
    process.removeListener('SIGINT', onSigint);
    printNotices(io, session.workspace.history?.notices ?? []);
    await session.close();
  }
}

/**
 * Where `run` records: --history FILE, or the app's own history with the limits set in the app's settings (a
 * compaction by the CLI must not drop runs the app's limits keep).
 */
function historyFor(file: string | undefined, io: CliIo): { file: string; limits?: Settings['history'] } {
  if (file) return { file: resolve(io.cwd, file) };
  const settings = new SettingsStore(userDataDir());
  printNotices(io, settings.notices);
  return { file: historyFile(), limits: settings.get().history };
}

function printOutput(output: ToolOutput, format: 'text' | 'json', io: CliIo): void {
  if (format === 'json') {
    io.stdout(`${JSON.stringify(output, null, 2)}\n`);
    return;
  }
  io.stdout(output.output.endsWith('\n') || output.output === '' ? output.output : `${output.output}\n`);
  if (output.stderr) io.stderr(output.stderr.endsWith('\n') ? output.stderr : `${output.stderr}\n`);
  if (output.isError)
    io.stderr(
      `skillbench: the tool reported an error${output.exitCode !== undefined ? ` (exit ${output.exitCode})` : output.httpStatus !== undefined ? ` (HTTP ${output.httpStatus})` : ''}\n`,
    );
}

export function reportError(error: unknown, format: 'text' | 'json', io: CliIo): number {
  if (error instanceof UsageError) throw error;
  const e = error instanceof SkillError ? error : new SkillError('ToolExecution', (error as Error).message);
  if (format === 'json') io.stdout(`${JSON.stringify({ error: e.toJSON() }, null, 2)}\n`);
  else io.stderr(`skillbench: ${e.code}: ${e.message}\n`);
  return 1;
}
