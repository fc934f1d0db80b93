// Owns streaming a Messages API call (the Playground shows the answer as it arrives): the SDK's event stream, text
// deltas handed on, the final message returned for anthropic.ts to read like a plain call's.
import type Anthropic from '@anthropic-ai/sdk';
import type { StreamOptions } from './types.js';

export async function streamAnthropic(
  client: Anthropic,
  params: Anthropic.MessageCreateParamsNonStreaming,
  { signal, onText, onEvent }: Pick<StreamOptions, 'signal' | 'onText' | 'onEvent'>,
  failed: (error: unknown) => Error,
): Promise<Anthropic.Message> {
  try {
    const stream = client.messages.stream(params, signal ? { signal } : {});
    stream.on('text', (delta) => onText(delta));
    stream.on('streamEvent', () => onEvent?.());
    return await stream.finalMessage();
  } catch (error) {
    throw failed(error);
  }
}
