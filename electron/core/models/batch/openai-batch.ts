// Owns OpenAI's Batch API through the SDK: the requests go up as a JSONL file of the bodies a direct call would send
// (providers/openai.ts `openAiParams`), and the output and error files come back as answers read as direct ones are.
import OpenAI, { toFile } from 'openai';
import { readJson } from '../../../../shared/json-read.js';
import { openAiParams, openAiResponse } from '../providers/openai.js';
import {
  boundedFetch,
  ProviderError,
  sdkErrorToProviderError,
  type ProviderConfig,
} from '../providers/types.js';
import { missingAsExpired, type BatchApi, type BatchOutcome, type BatchStatus } from './types.js';
import { BATCH_BODY_BYTES } from './poll.js';

const VENDOR = 'OpenAI-compatible server';
const ENDED = new Set(['completed', 'failed', 'expired', 'cancelled']);

function status(batch: OpenAI.Batch): BatchStatus {
  const c = batch.request_counts ?? { total: 0, completed: 0, failed: 0 };
  const ended = ENDED.has(batch.status);
  const left = Math.max(0, c.total - c.completed - c.failed);
  return {
    id: batch.id,
    state: batch.status,
    ended,
    counts: {
      processing: ended ? 0 : left,
      succeeded: c.completed,
      errored: c.failed,
      expired: batch.status === 'expired' ? left : 0,
      cancelled: batch.status === 'cancelled' ? left : 0,
    },
  };
}

/** One line of an output or error file: `{custom_id, response: {status_code, body}, error}`. */
function outcome(text: string): BatchOutcome | undefined {
  const read = readJson(text);
  if (!read.ok) return undefined;
  const line = read.value as {
    custom_id?: unknown;
    response?: { status_code?: number; body?: unknown } | null;
    error?: { code?: string; message?: string } | null;
  };
  if (typeof line.custom_id !== 'string') return undefined;
  const customId = line.custom_id;
  const response = line.response;
  if (response && response.status_code === 200 && !line.error) {
    try {
      return {
        customId,
        type: 'succeeded',
        response: openAiResponse(response.body as OpenAI.Chat.Completions.ChatCompletion),
      };
    } catch (error) {
      return { customId, type: 'errored', message: (error as Error).message };
    }
  }
  const said =
    line.error?.message ??
    (response?.body as { error?: { message?: string } } | undefined)?.error?.message ??
    'no answer';
  if (line.error?.code === 'batch_expired')
    return { customId, type: 'expired', message: `${VENDOR}: ${said}` };
  if (line.error?.code === 'batch_cancelled')
    return { customId, type: 'cancelled', message: `${VENDOR}: ${said}` };
  const code = response?.status_code ?? line.error?.code ?? 'an error';
  return { customId, type: 'errored', message: `${VENDOR} answered ${code}: ${said}` };
}

export function openAiBatchApi(config: ProviderConfig, apiKey: string, keySent: string): BatchApi {
  const client = new OpenAI({
    apiKey,
    fetch: boundedFetch(VENDOR, BATCH_BODY_BYTES),
    maxRetries: 2, // a poll is cheap to repeat, and a lost one should not end a batch that runs for hours
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
  });
  const failed = (error: unknown) => sdkErrorToProviderError(error, VENDOR, OpenAI, apiKey, keySent);
  const fileLines = async (fileId: string | undefined, signal?: AbortSignal): Promise<BatchOutcome[]> => {
    if (!fileId) return [];
    const text = await (await client.files.content(fileId, signal ? { signal } : {})).text();
    return text.split('\n').flatMap((l) => (l.trim() ? (outcome(l) ?? []) : []));
  };
  return {
    vendor: VENDOR,
    async create(lines, { signal }) {
      const jsonl = lines
        .map((l) =>
          JSON.stringify({
            custom_id: l.customId,
            method: 'POST',
            url: '/v1/chat/completions',
            body: openAiParams(config, l.request),
          }),
        )
        .join('\n');
      try {
        const file = await client.files.create(
          { file: await toFile(Buffer.from(jsonl), 'skillbench-batch.jsonl'), purpose: 'batch' },
          signal ? { signal } : {},
        );
        // Never repeated by the SDK: a retry after a lost answer would start (and bill) a second batch.
        const batch = await client.batches.create(
          { input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' },
          { maxRetries: 0, ...(signal ? { signal } : {}) },
        );
        return status(batch);
      } catch (error) {
        throw failed(error);
      }
    },
    async retrieve(id, signal) {
      let batch: OpenAI.Batch;
      try {
        batch = await client.batches.retrieve(id, signal ? { signal } : {});
      } catch (error) {
        throw failed(error);
      }
      if (batch.status === 'failed') {
        const why = (batch.errors?.data ?? []).map((e) => e.message).filter(Boolean);
        throw new ProviderError(
          `${VENDOR}: the batch ${id} failed validation${why.length ? `: ${why.join('; ')}` : ''}.`,
          undefined,
          false,
        );
      }
      return status(batch);
    },
    async results(id, customIds, signal) {
      try {
        const batch = await client.batches.retrieve(id, signal ? { signal } : {});
        const out = [
          ...(await fileLines(batch.output_file_id, signal)),
          ...(await fileLines(batch.error_file_id, signal)),
        ];
        return missingAsExpired(out, customIds, batch.status === 'cancelled');
      } catch (error) {
        throw failed(error);
      }
    },
    async cancel(id) {
      try {
        return status(await client.batches.cancel(id));
      } catch (error) {
        throw failed(error);
      }
    },
  };
}
