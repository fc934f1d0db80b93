// Owns the Claude Code provider: `claude -p --output-format stream-json` when it is on PATH, reading its events as
// skill-creator does (a `Skill` tool_use is a trigger). Claude Code runs its own tool loop, so one request is one
// prompt: the system text goes to --append-system-prompt, the user turn to -p.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { JsonValue } from '../../../../shared/types.js';
import { SkillError } from '../../../../shared/errors.js';
import {
  ProviderError,
  type ChatRequest,
  type ChatResponse,
  type ModelProvider,
  type ProviderConfig,
} from './types.js';

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

export function createClaudeCodeProvider(config: ProviderConfig): ModelProvider {
  return {
    config,
    complete(request: ChatRequest, { signal }): Promise<ChatResponse> {
      const [only, ...more] = request.messages;
      if (!only || only.role !== 'user' || more.length > 0)
        return Promise.reject(
          new SkillError(
            'InvalidArgs',
            'Claude Code runs its own tool loop: send it one user turn (it executes the skill’s tools itself).',
          ),
        );
      const command = config.command ?? findClaudeOnPath() ?? 'claude';
      const args = ['-p', only.content, '--output-format', 'stream-json', '--verbose'];
      if (config.model && config.model !== 'default') args.push('--model', config.model);
      if (request.system) args.push('--append-system-prompt', request.system);
      return new Promise<ChatResponse>((resolve, reject) => {
        if (signal?.aborted) return reject(new SkillError('Cancelled', 'The run was cancelled.'));
        const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
        let text = '';
        let model = config.model;
        const toolCalls: ChatResponse['toolCalls'] = [];
        let settled = false;
        let stderr = '';
        let buffer = '';
        const finish = (error: Error | undefined, response?: ChatResponse) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          if (child.exitCode === null) child.kill();
          if (error) reject(error);
          else if (response) resolve(response);
        };
        const onAbort = () => finish(new SkillError('Cancelled', 'The run was cancelled.'));
        signal?.addEventListener('abort', onAbort, { once: true });
        const partial = (stopReason: string, usage: ChatResponse['usage']): ChatResponse => ({
          text,
          toolCalls,
          stopReason,
          model,
          usage,
        });
        const onLine = (line: string) => {
          if (!line.trim()) return;
          let event: StreamEvent;
          try {
            event = JSON.parse(line) as StreamEvent;
          } catch {
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
              finish(undefined, partial('tool_use', { inputTokens: 0, outputTokens: 0 }));
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
                inputTokens: event.usage?.input_tokens ?? 0,
                outputTokens: event.usage?.output_tokens ?? 0,
                ...(event.total_cost_usd !== undefined ? { costUsd: event.total_cost_usd } : {}),
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
        child.on('error', (error) =>
          finish(
            new ProviderError(
              `Could not start Claude Code (${command}): ${error.message}. Install it or put \`claude\` on PATH.`,
              undefined,
              false,
            ),
          ),
        );
        child.on('close', (code) => {
          if (buffer.trim()) onLine(buffer);
          finish(
            new ProviderError(
              `Claude Code exited (${code ?? 'signal'}) without a result event${stderr ? `: ${stderr.trim().slice(0, 500)}` : ''}.`,
              undefined,
              false,
            ),
          );
        });
      });
    },
  };
}
