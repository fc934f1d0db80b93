// Owns the Claude Code provider: `claude -p --output-format stream-json` when it is on PATH, reading its events as
// skill-creator does (a `Skill` tool_use is a trigger). Claude Code runs its own tool loop, so one request is one
// prompt: the system text goes to --append-system-prompt, the user turn is the positional prompt after `--` (so a
// prompt that starts with `--` is never read as an option such as --settings), and `claude` starts in a fresh empty
// folder (so no .claude/settings.json of the user's current folder, with its hooks, applies), removed afterwards.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join, resolve, sep } from 'node:path';
import type { JsonValue } from '../../../../shared/types.js';
import { SkillError } from '../../../../shared/errors.js';
import {
  ProviderError,
  type ChatRequest,
  type ChatResponse,
  type ProviderResponse,
  type ModelProvider,
  type ProviderConfig,
} from './types.js';
import { readJson } from '../../../../shared/json-read.js';

/** The `claude` executable on PATH, or undefined. */
export function findClaudeOnPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const names = process.platform === 'win32' ? ['claude.exe', 'claude.cmd'] : ['claude'];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    for (const name of names) if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

interface StreamEvent {
  type?: string;
  subtype?: string;
  is_error?: boolean;
  result?: string;
  total_cost_usd?: number;
  usage?: { input_tokens?: number; output_tokens?: number };
  message?: {
    model?: string;
    content?: Array<{ type?: string; text?: string; id?: string; name?: string; input?: unknown }>;
  };
}

/** The executable to start: `command` (a relative path taken from the current folder, since claude starts elsewhere), else `claude` on PATH. */
function claudeCommand(config: ProviderConfig): string {
  const command = config.command ?? findClaudeOnPath() ?? 'claude';
  return !isAbsolute(command) && (command.includes('/') || command.includes(sep))
    ? resolve(command)
    : command;
}

/**
 * The arguments of one `claude -p` call. `-p` (--print) takes no value: the prompt is the positional argument, and
 * it goes last, after `--`, so a prompt or trigger query like `--settings={"hooks":...}` stays text.
 */
export function claudeArgs(config: ProviderConfig, system: string | undefined, prompt: string): string[] {
  const args = ['-p', '--output-format', 'stream-json', '--verbose'];
  // Values in `--option=value` form: a system text starting with `--` cannot be read as an option either.
  if (config.model && config.model !== 'default') args.push(`--model=${config.model}`);
  if (system) args.push(`--append-system-prompt=${system}`);
  args.push('--', prompt);
  return args;
}

/** `env`: variables added to claude's environment (ANTHROPIC_API_KEY when the provider names a variable for it). */
export function createClaudeCodeProvider(
  config: ProviderConfig,
  env: Record<string, string> = {},
): ModelProvider {
  return {
    config,
    complete(request: ChatRequest, { signal }): Promise<ProviderResponse> {
      const [only, ...more] = request.messages;
      if (!only || only.role !== 'user' || more.length > 0)
        return Promise.reject(
          new SkillError(
            'InvalidArgs',
            'Claude Code runs its own tool loop: send it one user turn (it executes the skill’s tools itself).',
          ),
        );
      const command = claudeCommand(config);
      const args = claudeArgs(config, request.system, only.content);
      return new Promise<ProviderResponse>((resolvePromise, reject) => {
        if (signal?.aborted) return reject(new SkillError('Cancelled', 'The run was cancelled.'));
        // claude starts in a fresh empty folder, removed once it has exited; the call settles then, so nothing is
        // left running or written there.
        const cwd = mkdtempSync(join(tmpdir(), 'skillbench-claude-'));
        const child = spawn(command, args, {
          cwd,
          stdio: ['ignore', 'pipe', 'pipe'],
          shell: false,
          ...(Object.keys(env).length ? { env: { ...process.env, ...env } } : {}),
        });
        let text = '';
        let model = config.model;
        const toolCalls: ChatResponse['toolCalls'] = [];
        let settled = false; // the outcome is known (later output is ignored)
        let exited = false;
        let outcome: { error: Error } | { response: ProviderResponse } | undefined;
        let stderr = '';
        let buffer = '';
        let killTimer: NodeJS.Timeout | undefined;
        const settle = () => {
          if (!outcome || !exited) return;
          clearTimeout(killTimer);
          rmSync(cwd, { recursive: true, force: true });
          if ('error' in outcome) reject(outcome.error);
          else resolvePromise(outcome.response);
          outcome = undefined;
        };
        const finish = (error: Error | undefined, response?: ProviderResponse) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          outcome = error ? { error } : response ? { response } : undefined;
          if (!exited) {
            child.kill();
            killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
            killTimer.unref();
          }
          settle();
        };
        const onAbort = () => finish(new SkillError('Cancelled', 'The run was cancelled.'));
        signal?.addEventListener('abort', onAbort, { once: true });
        const partial = (stopReason: string, usage: ProviderResponse['usage']): ProviderResponse => ({
          text,
          toolCalls,
          stopReason,
          model,
          usage,
        });
        const onLine = (line: string) => {
          if (!line.trim()) return;
          const read = readJson(line);
          const event = (read.ok ? read.value : null) as StreamEvent | null;
          if (!event || typeof event !== 'object') {
            return finish(
              new ProviderError(
                `Claude Code printed a line that is not stream-json: ${line.slice(0, 200)}`,
                undefined,
                false,
              ),
            );
          }
          if (event.type === 'assistant') {
            model = event.message?.model ?? model;
            for (const block of event.message?.content ?? []) {
              if (block.type === 'text' && block.text) text += block.text;
              if (block.type === 'tool_use' && block.name)
                toolCalls.push({
                  id: block.id ?? `call_${toolCalls.length}`,
                  name: block.name,
                  input: (block.input ?? {}) as JsonValue,
                });
            }
            // skill-creator stops the run at the first tool use: whether it triggered is known by then.
            if (request.stopAtFirstToolCall && toolCalls.length > 0)
              finish(undefined, partial('tool_use', undefined)); // no usage yet: the model client estimates it
          } else if (event.type === 'result') {
            if (event.is_error)
              return finish(
                new ProviderError(
                  `Claude Code failed: ${event.result ?? event.subtype ?? 'error'}`,
                  undefined,
                  false,
                ),
              );
            if (!text && event.result) text = event.result;
            finish(
              undefined,
              partial(event.subtype ?? 'success', {
                inputTokens: event.usage?.input_tokens,
                outputTokens: event.usage?.output_tokens,
                costUsd: event.total_cost_usd,
              }),
            );
          }
        };
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          buffer += chunk;
          let nl: number;
          while ((nl = buffer.indexOf('\n')) >= 0 && !settled) {
            onLine(buffer.slice(0, nl));
            buffer = buffer.slice(nl + 1);
          }
        });
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (chunk: string) => {
          if (stderr.length < 4000) stderr += chunk;
        });
        child.on('exit', () => {
          exited = true;
          settle();
        });
        child.on('error', (error) => {
          exited ||= child.pid === undefined; // it never started
          finish(
            new ProviderError(
              `Could not start Claude Code (${command}): ${error.message}. Install it or put \`claude\` on PATH.`,
              undefined,
              false,
            ),
          );
        });
        child.on('close', (code) => {
          exited = true;
          if (buffer.trim()) onLine(buffer);
          finish(
            new ProviderError(
              `Claude Code exited (${code ?? 'signal'}) without a result event${stderr ? `: ${stderr.trim().slice(0, 500)}` : ''}.`,
              undefined,
              false,
            ),
          );
          settle();
        });
      });
    },
  };
}
