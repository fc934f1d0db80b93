// The app's data files are shared by processes (app, `serve`, CLI): the lock that makes read-modify-write safe
// across them, its stale-lock recovery, and moving an unreadable file aside.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  breakLock,
  ensurePrivateDir,
  LOCK_STALE_MS,
  moveAside,
  withFileLock,
} from '../../../../electron/core/fs/data-files.js';
import { ProviderStore } from '../../../../electron/core/models/provider-store.js';
import { REPO } from '../../../helpers.js';

const dir = () => mkdtempSync(join(tmpdir(), 'skillbench-data-'));
const DATA_FILES = pathToFileURL(join(REPO, 'dist', 'electron', 'core', 'fs', 'data-files.js')).href;

/** A process that is certainly gone: one that ran and exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.on('exit', r));
  return child.pid ?? 999999;
}

function node(code: string): Promise<number | null> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: 'inherit' });
  return new Promise((r) => child.on('exit', r));
}

describe('the cross-process lock', () => {
  it('lets two processes increment one counter 300 times each without losing one', async () => {
    const file = join(dir(), 'counter.txt');
    writeFileSync(file, '0');
    const worker = `
      import { readFileSync, writeFileSync } from 'node:fs';
      import { withFileLock } from '${DATA_FILES}';
      for (let i = 0; i < 300; i++)
        withFileLock(${JSON.stringify(file)}, () => {
          const n = Number(readFileSync(${JSON.stringify(file)}, 'utf8'));
          writeFileSync(${JSON.stringify(file)}, String(n + 1));
        });`;
    expect(await Promise.all([node(worker), node(worker)])).toEqual([0, 0]);
    expect(readFileSync(file, 'utf8')).toBe('600');
    expect(existsSync(`${file}.lock`)).toBe(false);
  }, 60_000);

  it('breaks a lock whose process is gone at once', async () => {
    const file = join(dir(), 'settings.json');
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: await deadPid(), host: hostname(), nonce: 'x' }));
    const started = Date.now();
    expect(withFileLock(file, () => 'ran')).toBe('ran');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('breaks a lock held too long by a live process, and an empty one left by a crash', () => {
    const file = join(dir(), 'history.jsonl');
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.ppid, host: hostname(), nonce: 'x' }));
    const old = (Date.now() - LOCK_STALE_MS - 5000) / 1000;
    utimesSync(`${file}.lock`, old, old);
    expect(withFileLock(file, () => 'ran')).toBe('ran');
    writeFileSync(`${file}.lock`, '');
    utimesSync(`${file}.lock`, old, old);
    expect(withFileLock(file, () => 'again')).toBe('again');
  });

  it('never steals a fresh lock that replaced the stale one it judged', () => {
    const lock = join(dir(), 'settings.json.lock');
    const fresh = JSON.stringify({ pid: process.pid, host: hostname(), nonce: 'fresh' });
    writeFileSync(lock, fresh);
    breakLock(lock, JSON.stringify({ pid: 1, host: hostname(), nonce: 'stale' }));
    expect(readFileSync(lock, 'utf8')).toBe(fresh);
  });

  it('releases the lock when the work throws', () => {
    const file = join(dir(), 'settings.json');
    expect(() =>
      withFileLock(file, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe('unreadable data files and private folders', () => {
  it('moves an unreadable file aside to a timestamped backup, byte for byte, and says where', () => {
    const file = join(dir(), 'settings.json');
    writeFileSync(file, '{"roots": ["/x"],}');
    const notice = moveAside(file, 'trailing comma', 'the default settings are used');
    expect(existsSync(file)).toBe(false);
    expect(notice.backup).toMatch(/settings\.json\.broken-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
    expect(readFileSync(notice.backup, 'utf8')).toBe('{"roots": ["/x"],}');
    expect(notice.message).toContain(notice.backup);
    if (process.platform !== 'win32') expect(statSync(notice.backup).mode & 0o777).toBe(0o600);
  });

  it('creates data folders readable by the user only, and tightens one left open to others', () => {
    if (process.platform === 'win32') return;
    const folder = join(dir(), 'a', 'Skillbench');
    ensurePrivateDir(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    chmodSync(folder, 0o755);
    ensurePrivateDir(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it('tightens the data folder and providers.json when they are only read', () => {
    if (process.platform === 'win32') return;
    const data = join(dir(), 'Skillbench');
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    writeFileSync(join(data, 'providers.json'), '{"providers": []}\n', { mode: 0o644 });
    chmodSync(join(data, 'providers.json'), 0o644);
    expect(new ProviderStore(data).list()).toEqual([]);
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(statSync(join(data, 'providers.json')).mode & 0o777).toBe(0o600);
  });
});
