// Owns the Anthropic Messages API provider, through the maintained SDK: the request it sends and the answer it
// reads, shared with the Message Batches API (batch/anthropic-batch.ts).
import Anthropic from '@anthropic-ai/sdk';
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
import { streamAnthropic } from './anthropic-stream.js';

type MessageParam = Anthropic.MessageParam;
type ContentBlockParam = Anthropic.ContentBlockParam;

/** Provider-neutral messages as Messages API turns: tool results travel in the next user turn, merged. */
export function toAnthropicMessages(messages: readonly ChatMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  for (const m of messages) {
    if (m.role === 'assistant') {
      const content: ContentBlockParam[] = [];
      if (m.content) content.push({ type: 'text', text: m.content });
      for (const c of m.toolCalls ?? [])
        content.push({ type: 'tool_use', id: c.id, name: c.name, input: c.input as Record<string, unknown> });
      out.push({ role: 'assistant', content });
      continue;
    }
    const block: ContentBlockParam =
      m.role === 'user'
        ? { type: 'text', text: m.content }
        : {
            type: 'tool_result',
            tool_use_id: m.toolCallId,
            content: m.content,
            is_error: m.isError ?? false,
          };
    const last = out.at(-1);
    if (last?.role === 'user' && Array.isArray(last.content)) last.content.push(block);
    else out.push({ role: 'user', content: [block] });
  }
  return out;
}

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * The system prompt as one text block and the tools, with a prompt-cache breakpoint on each when `promptCache`:
 * Anthropic caches tools, then system, up to the last marked block, so the catalog every query of a trigger eval
 * repeats is read from the cache after the first request, and only the query is billed at the full rate.
 */
export function cachedPrefix(
  request: ChatRequest,
  promptCache: boolean,
): Pick<Anthropic.MessageCreateParamsNonStreaming, 'system' | 'tools'> {
  const marker = promptCache ? { cache_control: EPHEMERAL } : {};
  const tools = (request.tools ?? []).map((t, i, all): Anthropic.Tool => ({
    name: t.name,
    description: t.description,
    input_schema: t.inputSchema as Anthropic.Tool.InputSchema,
    ...(i === all.length - 1 ? marker : {}),
  }));
  return {
    ...(request.system ? { system: [{ type: 'text', text: request.system, ...marker }] } : {}),
    ...(tools.length ? { tools } : {}),
  };
}

/** Anthropic's usage in Skillbench's terms: `input_tokens` is already only what the cache did not cover. */
function reportedUsage(usage: Anthropic.Usage) {
  return {
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
    cacheReadTokens: usage.cache_read_input_tokens ?? 0,
  };
}

/** The Messages API request for `request`: the same for a direct call and a line of a batch. */
export function anthropicParams(
  config: ProviderConfig,
  request: ChatRequest,
  promptCache: boolean,
): Anthropic.MessageCreateParamsNonStreaming {
  return {
    model: config.model,
    max_tokens: request.maxTokens ?? 1024,
    messages: toAnthropicMessages(request.messages),
    ...cachedPrefix(request, promptCache),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
  };
}

/** A Messages API answer (direct, or a batch's succeeded result) as the provider-neutral response. */
export function anthropicResponse(message: Anthropic.Message): ProviderResponse {
  if (!Array.isArray(message.content))
    throw new ProviderError('Anthropic answered without a content array.', undefined, false);
  let text = '';
  const toolCalls: ChatResponse['toolCalls'] = [];
  for (const block of message.content) {
    if (block.type === 'text') {
      if (typeof block.text !== 'string')
        throw new ProviderError(
          'Anthropic answered a text block whose "text" is not a string.',
          undefined,
          false,
        );
      text += block.text;
    } else if (block.type === 'tool_use')
      toolCalls.push({ id: block.id, name: block.name, input: block.input as JsonValue });
  }
  const usage = message.usage as Anthropic.Usage | undefined; // some compatible servers send none
  return {
    text,
    toolCalls,
    stopReason: message.stop_reason ?? 'unknown',
    model: message.model,
    // Checked (or estimated when missing) by the model client, like every provider's.
    usage: usage ? reportedUsage(usage) : undefined,
  };
}

/** `keySent` says which key went with the requests (a 401 names it). */
export function createAnthropicProvider(
  config: ProviderConfig,
  apiKey: string,
  keySent: string,
): ModelProvider {
  // Retries are ours (model-client.ts), the same for every provider, so the SDK's are off.
  const client = new Anthropic({
    apiKey,
    fetch: boundedFetch('Anthropic'),
    maxRetries: 0,
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
  });
  const failed = (error: unknown) => sdkErrorToProviderError(error, 'Anthropic', Anthropic, apiKey, keySent);
  return {
    config,
    async complete(request: ChatRequest, { signal, promptCache = true }): Promise<ProviderResponse> {
      let message: Anthropic.Message;
      try {
        message = await client.messages.create(
          anthropicParams(config, request, promptCache),
          signal ? { signal } : {},
        );
      } catch (error) {
        throw failed(error);
      }
      return anthropicResponse(message);
    },
    async stream(request, { signal, promptCache = true, onText, onEvent }): Promise<ProviderResponse> {
      const params = anthropicParams(config, request, promptCache);
      return anthropicResponse(await streamAnthropic(client, params, { signal, onText, onEvent }, failed));
    },
  };
}
