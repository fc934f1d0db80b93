// The Playground tests' library and scripted model: a copy of test/fixtures/chat/library, and replies handed out in
// order per test by the fake model server.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeModelServer, Received, Reply } from '../../fakes/model-server.js';
import { FIXTURES } from '../../helpers.js';

export const CHAT_LIBRARY = join(FIXTURES, 'chat', 'library');

/** A fresh copy of the chat library (tests write conversations and evals into it). */
export function chatLibrary(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-chat-lib-'));
  cpSync(CHAT_LIBRARY, dir, { recursive: true });
  return dir;
}

/** Scripts `server` to answer `replies` in order from now on (then a plain "done"); returns what it received. */
export function scriptReplies(
  server: FakeModelServer,
  replies: Array<Reply | ((r: Received) => Reply)>,
): Received[] {
  const start = server.received.length;
  const seen: Received[] = [];
  server.script = (request, index) => {
    seen.push(request);
    const reply = replies[index - start] ?? { text: 'done' };
    return typeof reply === 'function' ? reply(request) : reply;
  };
  return seen;
}

/** The tool names a request offered, in either API's shape. */
export function offeredTools(request: Received): Array<{ name: string; schema: unknown }> {
  const tools = (request.body.tools ?? []) as Array<Record<string, unknown>>;
  return tools.map((t) =>
    request.api === 'anthropic'
      ? { name: String(t.name), schema: t.input_schema }
      : {
          name: String((t.function as Record<string, unknown>).name),
          schema: (t.function as Record<string, unknown>).parameters,
        },
  );
}
