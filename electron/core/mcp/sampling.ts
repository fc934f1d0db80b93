// Owns how an MCP server's sampling request (`sampling/createMessage`) becomes a request to one of the configured
// model providers (issue 16: "answered by a configured model provider"), and what of it does not carry over.
import type { CreateMessageRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ChatMessage, ChatRequest } from '../models/providers/types.js';

export type SamplingParams = CreateMessageRequest['params'];

interface SamplingChatRequest {
  request: ChatRequest;
  /** What the provider is not sent, in words the user reads before approving the draft. */
  leftOut: string[];
}

/** The text of one sampling content block, or a placeholder naming what was left out. */
function textOf(block: unknown, leftOut: Set<string>): string {
  const b = (block ?? {}) as { type?: unknown; text?: unknown; mimeType?: unknown };
  if (b.type === 'text' && typeof b.text === 'string') return b.text;
  const what = `${typeof b.type === 'string' ? b.type : 'unknown'} content`;
  leftOut.add(`${what} (only text is sent to the provider)`);
  return `[${what}${typeof b.mimeType === 'string' ? ` ${b.mimeType}` : ''} left out]`;
}

/**
 * The provider-neutral chat request for a sampling request: its messages as text (images and audio named, not
 * sent), its system prompt, token limit and temperature. Model preferences, `includeContext`, stop sequences and
 * metadata have no counterpart in every provider, so they are listed in `leftOut` when the server set them.
 */
export function samplingChatRequest(params: SamplingParams): SamplingChatRequest {
  const leftOut = new Set<string>();
  const messages: ChatMessage[] = params.messages.map((m) => {
    const blocks = Array.isArray(m.content) ? m.content : [m.content];
    const content = blocks.map((b) => textOf(b, leftOut)).join('\n');
    return m.role === 'assistant' ? { role: 'assistant', content } : { role: 'user', content };
  });
  const hints = params.modelPreferences?.hints?.map((h) => h.name).filter(Boolean) ?? [];
  if (hints.length) leftOut.add(`model hints (${hints.join(', ')}): the provider's own model answers`);
  if (params.modelPreferences && !hints.length) leftOut.add('model preferences');
  if (params.includeContext && params.includeContext !== 'none')
    leftOut.add(`includeContext "${params.includeContext}" (no other context is added)`);
  if (params.stopSequences?.length) leftOut.add('stop sequences');
  if (params.metadata) leftOut.add('metadata');
  return {
    request: {
      messages,
      ...(typeof params.systemPrompt === 'string' ? { system: params.systemPrompt } : {}),
      maxTokens: params.maxTokens,
      ...(typeof params.temperature === 'number' ? { temperature: params.temperature } : {}),
    },
    leftOut: [...leftOut],
  };
}
