// Owns streaming a Chat Completions call (the Playground shows the answer as it arrives): the SDK's chunk stream
// with the usage asked for, content deltas handed on, the assembled completion returned for openai.ts to read.
import type OpenAI from 'openai';
import type { StreamOptions } from './types.js';

export async function streamOpenAi(
  client: OpenAI,
  params: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming,
  { signal, onText, onEvent }: Pick<StreamOptions, 'signal' | 'onText' | 'onEvent'>,
  failed: (error: unknown) => Error,
): Promise<OpenAI.Chat.Completions.ChatCompletion> {
  try {
    const stream = client.chat.completions.stream(
      { ...params, stream: true, stream_options: { include_usage: true } },
      signal ? { signal } : {},
    );
    stream.on('content', (delta) => onText(delta));
    stream.on('chunk', () => onEvent?.());
    return await stream.finalChatCompletion();
  } catch (error) {
    throw failed(error);
  }
}
