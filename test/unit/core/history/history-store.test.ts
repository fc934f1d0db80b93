import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HistoryStore } from '../../../../electron/core/history/history-store.js';
import { isSecretName, MASK, maskSecrets } from '../../../../electron/core/history/mask.js';
import type { RunRecord } from '../../../../electron/core/tools/executor.js';

const file = () => join(mkdtempSync(join(tmpdir(), 'skillbench-history-')), 'history.jsonl');
const run = (i: number, extra: Partial<RunRecord> = {}): RunRecord => ({
  skillId: 'bundled/text-toolkit',
  skillName: 'text-toolkit',
  tool: 'echo',
  args: { text: `call ${i}` },
  output: { output: `out ${i}`, isError: false, durationMs: 1 },
  startedAt: new Date(2026, 0, 1, 0, 0, i).toISOString(),
  durationMs: 1.5,
  ...extra,
});

describe('history store', () => {
  it('keeps an MCP run’s wire: arguments masked (only them), a message over the output limit cut with its size', () => {
    const h = new HistoryStore(file(), { maxOutputChars: 200 });
    const request = {
      jsonrpc: '2.0' as const,
      id: 3,
      method: 'tools/call',
      params: { name: 'echo', arguments: { password: 'hunter22', q: 'x' }, _meta: { progressToken: 3 } },
    };
    const response = {
      jsonrpc: '2.0' as const,
      id: 3,
      result: { content: [{ type: 'text', text: 'y'.repeat(500) }] },
    };
    const entry = h.record(
      run(0, {
        wire: {
          server: 's',
          request: { at: 1, direction: 'out', message: request },
          response: { at: 2, direction: 'in', message: response },
        },
      }),
    );
    expect(entry.wire?.request).toEqual({
      at: 1,
      message: { ...request, params: { ...request.params, arguments: { password: MASK, q: 'x' } } },
    });
    const kept = entry.wire?.response;
    expect(kept && 'cut' in kept ? kept.cut : undefined).toBe(JSON.stringify(response).slice(0, 200));
    expect(kept && 'bytes' in kept ? kept.bytes : undefined).toBe(JSON.stringify(response).length);
    expect(h.list()[0]?.wire).toEqual(entry.wire);
    expect(h.record(run(1)).wire).toBeUndefined();
  });

  it('masks secrets in outputs, errors and MCP answers as in arguments', () => {
    const h = new HistoryStore(file());
    const token = `ghp_${'a'.repeat(36)}`;
    const out = h.record(
      run(0, {
        output: { output: `token ${token} and postgres://app:s3cret@db/x`, isError: false, durationMs: 1 },
      }),
    );
    expect(out.output).toBe(`token ${MASK} and postgres://app:${MASK}@db/x`);
    const failed = h.record(
      run(1, { output: undefined, error: { code: 'Io', message: `Authorization: Bearer ${token}` } }),
    );
    expect(failed.output).toBe(`Authorization: ${MASK}`);
    const response = {
      jsonrpc: '2.0' as const,
      id: 1,
      result: { content: [{ type: 'text', text: `key ${token}` }], token: 'abc' },
    };
    const wired = h.record(
      run(2, { wire: { server: 's', response: { at: 1, direction: 'in', message: response } } }),
    );
    expect(wired.wire?.response).toEqual({
      at: 1,
      message: {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: `key ${MASK}` }], token: MASK },
      },
    });
    expect(readFileSync(h.file, 'utf8')).not.toContain(token);
  });

  it('appends runs and lists them newest first, searchable', () => {
    const h = new HistoryStore(file());
    for (let i = 0; i < 5; i++) h.record(run(i));
    h.record(run(5, { output: undefined, error: { code: 'InvalidArgs', message: 'bad args' } }));
    const all = h.list();
    expect(all.map((e) => e.output)).toEqual(['bad args', 'out 4', 'out 3', 'out 2', 'out 1', 'out 0']);
    expect(all[0]).toMatchObject({ status: 'error', errorCode: 'InvalidArgs' });
    // Stopped by the author: cancelled, not an error.
    h.record(run(6, { output: undefined, error: { code: 'Cancelled', message: 'The run was cancelled.' } }));
    expect(h.list()[0]).toMatchObject({ status: 'cancelled', errorCode: 'Cancelled' });
    expect(h.list({ query: 'CALL 3' }).map((e) => e.output)).toEqual(['out 3']);
    expect(h.get(all[1]!.id)?.output).toBe('out 4');
  });

  it('stays within its count and size limits, keeping pinned entries', () => {
    const h = new HistoryStore(file(), { maxEntries: 10, maxBytes: 1_000_000 });
    const first = h.record(run(0));
    h.pin(first.id, true);
    for (let i = 1; i < 100; i++) h.record(run(i));
    h.enforceLimits();
    const all = h.list();
    expect(all.length).toBeLessThanOrEqual(11);
    expect(all[0]?.output).toBe('out 99');
    expect(all.some((e) => e.id === first.id && e.pinned)).toBe(true);
    const small = new HistoryStore(file(), { maxBytes: 2000 });
    for (let i = 0; i < 50; i++) small.record(run(i));
    expect(readFileSync(small.file).length).toBeLessThanOrEqual(2000);
    expect(small.list()[0]?.output).toBe('out 49');
  });

  it('keeps to its count limit without rewriting the file every few runs (issue 14: the p99 of tools:run)', () => {
    const h = new HistoryStore(file(), { maxEntries: 1000 });
    let rewrites = 0;
    let inode = -1;
    for (let i = 0; i < 1500; i++) {
      h.record(run(i));
      // A compaction replaces the file (temp + rename): another inode than the file had after the previous run.
      const now = statSync(h.file).ino;
      if (i > 0 && now !== inode) rewrites++;
      inode = now;
    }
    // Compaction waits for a quarter of the limit past it, then trims to the limit: one rewrite in these 1,500
    // runs (it was one every 20 runs once the file was full: 25 here).
    expect(rewrites).toBe(1);
    const listed = h.list();
    expect(listed).toHaveLength(1000);
    expect(listed[0]?.output).toBe('out 1499');
    expect(listed[999]?.output).toBe('out 500');
  });

  it('in a long-running host, compacts after the call that made it due, not inside it (issue 14: tools:run p99)', async () => {
    const h = new HistoryStore(file(), { maxEntries: 100 }, true);
    const lines = () => readFileSync(h.file, 'utf8').split('\n').filter(Boolean).length;
    let deferred = 0;
    for (let i = 0; i < 300; i++) {
      const before = statSync(h.file, { throwIfNoEntry: false })?.ino;
      h.record(run(i));
      // The call's own work: the append only. The file is never replaced inside record().
      if (before !== undefined) expect(statSync(h.file).ino).toBe(before);
      const count = lines();
      await new Promise((r) => setImmediate(r));
      if (lines() < count) deferred++;
    }
    // Past the limit by its slack, the check that followed the run trimmed the file back, each time in the next task.
    expect(deferred).toBeGreaterThanOrEqual(2);
    expect(lines()).toBeLessThanOrEqual(100 + 25 + 20); // limit + slack + the appends between two checks
    expect(h.list()).toHaveLength(100);
    expect(h.list()[0]?.output).toBe('out 299');
  });

  it('survives a write torn by a crash: the torn line is skipped and later runs still land', () => {
    const path = file();
    const h = new HistoryStore(path);
    h.record(run(1));
    appendFileSync(path, '{"id":"torn","skillName":"te');
    h.record(run(2));
    expect(h.list().map((e) => e.output)).toEqual(['out 2', 'out 1']);
    writeFileSync(path, 'garbage\n');
    expect(h.list()).toEqual([]);
  });

  it('clears everything, or everything but the pinned runs', () => {
    const h = new HistoryStore(file());
    const keep = h.record(run(1));
    h.record(run(2));
    h.pin(keep.id, true);
    h.clear(true);
    expect(h.list().map((e) => e.id)).toEqual([keep.id]);
    h.clear(false);
    expect(h.list()).toEqual([]);
  });

  it('moves a file with a line that does not parse aside before anything rewrites it, and says so', () => {
    const path = file();
    const h = new HistoryStore(path, { maxEntries: 1 });
    h.record(run(1));
    h.record(run(2));
    appendFileSync(path, 'written by hand, not JSON\n');
    const before = readFileSync(path, 'utf8');
    h.enforceLimits(); // compaction used to drop the unreadable line for good
    expect(h.notices).toHaveLength(1);
    expect(h.notices[0]?.message).toMatch(
      /history\.jsonl could not be read \(line 3 is not JSON\).*moved to/,
    );
    expect(readFileSync(h.notices[0]?.backup ?? '', 'utf8')).toBe(before);
    expect(h.list().map((e) => e.output)).toEqual(['out 2']);
  });

  it('applies new limits at once', () => {
    const h = new HistoryStore(file(), { maxEntries: 100 });
    for (let i = 0; i < 10; i++) h.record(run(i));
    h.setLimits({ maxEntries: 3 });
    expect(h.list().map((e) => e.output)).toEqual(['out 9', 'out 8', 'out 7']);
  });

  it('keeps the file 0600 in a 0700 folder it creates, and tightens one an earlier version left readable', () => {
    if (process.platform === 'win32') return;
    const folder = join(mkdtempSync(join(tmpdir(), 'skillbench-history-')), 'Skillbench');
    const h = new HistoryStore(join(folder, 'history.jsonl'));
    h.record(run(1));
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(h.file).mode & 0o777).toBe(0o600);
    chmodSync(h.file, 0o644);
    h.record(run(2));
    expect(statSync(h.file).mode & 0o777).toBe(0o600);
    h.clear(false);
    expect(statSync(h.file).mode & 0o777).toBe(0o600);
  });

  it('removes temp files that interrupted compactions left beside it', () => {
    const h = new HistoryStore(file());
    const temp = `${h.file}.4242.1700000000000.tmp`; // the name earlier versions used
    writeFileSync(temp, 'x'.repeat(1000));
    utimesSync(temp, new Date(2020, 0, 1), new Date(2020, 0, 1));
    h.record(run(1));
    expect(existsSync(temp)).toBe(false);
  });

  it('masks secrets marked writeOnly or named like one', () => {
    const h = new HistoryStore(file());
    const schema = {
      type: 'object',
      properties: {
        pin: { type: 'string', writeOnly: true },
        nested: { type: 'object', properties: { apiKey: { type: 'string' } } },
      },
    };
    const e = h.record(
      run(1, {
        args: { pin: '1234', token: 'abc', user: 'ada', nested: { apiKey: 'k', keyboard: 'qwerty' } },
        schema,
      }),
    );
    expect(e.args).toEqual({
      pin: MASK,
      token: MASK,
      user: 'ada',
      nested: { apiKey: MASK, keyboard: 'qwerty' },
    });
    expect(readFileSync(h.file, 'utf8')).not.toContain('abc');
  });
});

describe('secret names', () => {
  it.each([
    'token',
    'password',
    'api_key',
    'apiKey',
    'client-secret',
    'AUTH_TOKEN',
    'key',
    'authorization',
    // issue 12: these were stored in clear
    'pass',
    'db_pass',
    'passphrase',
    'bearer',
    'cookie',
    'session',
    'sessionId',
    'accesstoken',
    'githubtoken',
    'dbpassword',
    'clientsecret',
    'jwt',
  ])('%s is a secret', (n) => expect(isSecretName(n)).toBe(true));
  it.each(['keyboard', 'monkey', 'user', 'path', 'tokenizer_name', 'passenger', 'author', 'compass'])(
    '%s is not',
    (n) => expect(isSecretName(n)).toBe(false),
  );
  it('masks by schema: writeOnly and format password, also in arrays', () => {
    const schema = {
      type: 'object',
      properties: {
        word: { type: 'string', format: 'password' },
        codes: { type: 'array', items: { type: 'string', writeOnly: true } },
        note: { type: 'string' },
      },
    };
    expect(maskSecrets({ word: 'open sesame', codes: ['1', '2'], note: 'hi' }, schema)).toEqual({
      word: MASK,
      codes: [MASK, MASK],
      note: 'hi',
    });
  });
  it.each([
    ['postgres://admin:hunter2@db.internal:5432/app', `postgres://admin:${MASK}@db.internal:5432/app`],
    ['mysql://root:p%40ss@localhost/db', `mysql://root:${MASK}@localhost/db`],
    [
      'https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/o/r.git',
      `https://${MASK}@github.com/o/r.git`,
    ],
    [
      'https://api.example.com/v1/items?q=shoes&api_key=abc123&page=2',
      `https://api.example.com/v1/items?q=shoes&api_key=${MASK}&page=2`,
    ],
    ['host=db user=me password=s3cret dbname=app', `host=db user=me password=${MASK} dbname=app`],
    [
      'Server=db;User Id=sa;Password=Pa55w0rd;Database=app',
      `Server=db;User Id=sa;Password=${MASK};Database=app`,
    ],
    ['Authorization: Bearer eyJhbGciOi.eyJzdWIi.sig', `Authorization: ${MASK}`],
    ['curl -H "Bearer abc123def456"', `curl -H "Bearer ${MASK}"`],
    ['{"user":"ada","password":"s3cret"}', `{"user":"ada","password":"${MASK}"}`],
    ['token sk-abcdefghijklmnopqrstuvwxyz', `token ${MASK}`],
  ])('masks the secret inside %s', (text, masked) => {
    expect(maskSecrets({ text })).toEqual({ text: masked });
  });
  it.each([
    'Basic authentication is enabled',
    'https://example.com/path?q=1&page=2',
    'ssh://git@github.com/o/r.git',
    'see the token limit in the docs',
    'x=1 y=2',
  ])('leaves %s as it is', (text) => expect(maskSecrets({ text })).toEqual({ text }));
  it('masks inside arrays', () => {
    expect(maskSecrets([{ password: 'p' }])).toEqual([{ password: MASK }]);
  });
});
