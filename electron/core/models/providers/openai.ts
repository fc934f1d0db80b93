// Owns the OpenAI-compatible Chat Completions provider (OpenAI, Ollama, LM Studio, vLLM, OpenRouter by base URL),
// through the maintained SDK (issue 15).
import OpenAI from 'openai';
import type { JsonValue } from '../../../../shared/types.js';
import {
  ProviderError,
  boundedFetch,
  sdkErrorToProviderError,
  type ChatMessage,
  type ChatRequest,
  type ChatResponse,
  type ProviderResponse,
  type ModelProvider,
  type ProviderConfig,
} from './types.js';
import { readJson } from '../../../../shared/json-read.js';
import { streamOpenAi } from './openai-stream.js';

type Param = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/**
 * The system message comes first and holds nothing that changes between queries: OpenAI caches a prompt's
 * byte-identical prefix on its own (from 1,024 tokens), so everything per query goes after it.
 */
export function toOpenAiMessages(system: string | undefined, messages: readonly ChatMessage[]): Param[] {
  const out: Param[] = system ? [{ role: 'system', content: system }] : [];
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.content });
    else if (m.role === 'tool') out.push({ role: 'tool', tool_call_id: m.toolCallId, content: m.content });
    else
      out.push({
        role: 'assistant',
        content: m.content || null,
        ...(m.toolCalls?.length
          ? {
              tool_calls: m.toolCalls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                function: { name: c.name, arguments: JSON.stringify(c.input) },
              })),
            }
          : {}),
      });
  }
  return out;
}

/** Tool arguments arrive as a JSON string; one that does not parse is kept as a string, not dropped. */
function parseArguments(text: string): JsonValue {
  const read = readJson(text || '{}');
  return read.ok ? read.value : text;
}

/** OpenAI counts cached tokens inside `prompt_tokens`; Skillbench's input is what the cache did not cover. */
function reportedUsage(usage: OpenAI.CompletionUsage) {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  const valid = typeof cached === 'number' && cached >= 0 && cached <= usage.prompt_tokens;
  return {
    inputTokens: valid ? usage.prompt_tokens - cached : usage.prompt_tokens,
    outputTokens: usage.completion_tokens,
    cacheReadTokens: valid ? cached : 0,
  };
}

/** The Chat Completions request for `request`: the same for a direct call and a line of a batch's input file. */
export function openAiParams(
  config: ProviderConfig,
  request: ChatRequest,
): OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming {
  return {
    model: config.model,
    messages: toOpenAiMessages(request.system, request.messages),
    max_tokens: request.maxTokens ?? 1024,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.tools?.length
      ? {
          tools: request.tools.map((t) => ({
            type: 'function' as const,
            function: {
              name: t.name,
              description: t.description,
              parameters: t.inputSchema as Record<string, unknown>,
            },
          })),
        }
      : {}),
  };
}

/** A Chat Completions answer (direct, or a line of a batch's output file) as the provider-neutral response. */
export function openAiResponse(completion: OpenAI.Chat.Completions.ChatCompletion): ProviderResponse {
  const choice = completion.choices?.[0];
  if (!choice?.message)
    throw new ProviderError('The OpenAI-compatible server answered without a choice.', undefined, false);
  const toolCalls: ChatResponse['toolCalls'] = [];
  for (const c of choice.message.tool_calls ?? []) {
    if (c.type === 'function')
      toolCalls.push({ id: c.id, name: c.function.name, input: parseArguments(c.function.arguments) });
  }
  return {
    text: choice.message.content ?? '',
    toolCalls,
    stopReason: choice.finish_reason ?? 'unknown',
    model: completion.model,
    usage: completion.usage ? reportedUsage(completion.usage) : undefined,
  };
}

/** `keySent` says which key went with the requests (a 401 names it). */
export function createOpenAiProvider(config: ProviderConfig, apiKey: string, keySent: string): ModelProvider {
  const client = new OpenAI({
    apiKey,
    fetch: boundedFetch('OpenAI-compatible server'),
    maxRetries: 0, // retries are ours (model-client.ts), the same for every provider
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
  });
  const failed = (error: unknown) =>
    sdkErrorToProviderError(error, 'OpenAI-compatible server', OpenAI, apiKey, keySent);
  return {
    config,
    async complete(request: ChatRequest, { signal }): Promise<ProviderResponse> {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          openAiParams(config, request),
          signal ? { signal } : {},
        );
      } catch (error) {
        throw failed(error);
      }
      return openAiResponse(completion);
    },
    async stream(request, { signal, onText, onEvent }): Promise<ProviderResponse> {
      const params = openAiParams(config, request);
      return openAiResponse(await streamOpenAi(client, params, { signal, onText, onEvent }, failed));
    },
  };
}
