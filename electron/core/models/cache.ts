// Owns the response cache: one JSON file per (provider kind, base URL, model, request, sample) in a private folder.
// Tested by: test/integration/evals/optimize.test.ts
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR_MODE, DATA_FILE_MODE } from '../fs/data-files.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import type { ChatRequest, ChatResponse, ProviderConfig } from './providers/types.js';
import { readJson } from '../../../shared/json-read.js';

export function cacheKey(config: ProviderConfig, request: ChatRequest, sample: number): string {
  // The sample index is part of the key: N runs of one query are N separate draws, not one answer read N times.
  const material = JSON.stringify({
    kind: config.kind,
    baseURL: config.baseURL ?? null,
    model: config.model,
    request,
    sample,
  });
  return createHash('sha256').update(material).digest('hex');
}

export class ResponseCache {
  constructor(readonly dir: string) {}

  private file(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  /** The stored response, or undefined (a missing or unreadable entry is a miss, never an error). */
  get(key: string): ChatResponse | undefined {
    const file = this.file(key);
    if (!existsSync(file)) return undefined;
    try {
      const read = readJson(readFileSync(file, 'utf8'));
      const entry = (read.ok ? read.value : null) as { key?: string; response?: ChatResponse } | null;
      return entry?.key === key && entry.response && Array.isArray(entry.response.toolCalls)
        ? entry.response
        : undefined;
    } catch {
      return undefined;
    }
  }

  set(key: string, response: ChatResponse): void {
    const file = this.file(key);
    mkdirSync(join(this.dir, key.slice(0, 2)), { recursive: true, mode: DATA_DIR_MODE });
    writeFileAtomically(file, JSON.stringify({ key, savedAt: new Date().toISOString(), response }), {
      mode: DATA_FILE_MODE,
    });
  }
}
