// The editor opens what the app can save: one limit for skills:save-file, skills:read-file, drafts and manifests,
// counted in bytes as written (so a text of few characters but many bytes is measured as the file it becomes).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../shared/ipc.js';
import { MAX_EDITABLE_BYTES } from '../../../shared/units.js';
import { Host } from '../../../electron/host/host.js';
import { copyFixtures, REPO } from '../../helpers.js';

let host: Host;
let root: string;

async function call(channel: string, request: unknown): Promise<IpcResult<{ hash: string; text: string }>> {
  return (await host.handle(channel, request)) as IpcResult<{ hash: string; text: string }>;
}

beforeAll(async () => {
  root = copyFixtures('editing');
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-edit-')),
  });
  expect((await host.handle('roots:add', { path: root })).ok).toBe(true);
});
afterAll(async () => host.close());

describe('the editing limit', () => {
  it('reopens a file saved at the limit', async () => {
    const path = join(root, 'commented-skill', 'notes-at-limit.md');
    const text = 'x'.repeat(MAX_EDITABLE_BYTES);
    expect((await call('skills:save-file', { path, text, expectedHash: null })).ok).toBe(true);
    const read = await call('skills:read-file', { path });
    expect(read.ok && read.value.text.length).toBe(MAX_EDITABLE_BYTES);
  });

  it('refuses to save a file it could not reopen, and writes nothing', async () => {
    const over = join(root, 'commented-skill', 'notes-over.md');
    const r = await call('skills:save-file', {
      path: over,
      text: 'x'.repeat(MAX_EDITABLE_BYTES + 1),
      expectedHash: null,
    });
    expect(r).toMatchObject({
      ok: false,
      error: { code: expect.stringMatching(/InvalidFormat|InvalidArgs/) as unknown },
    });
    expect(existsSync(over)).toBe(false);
    // Few characters, many bytes: 400,000 three-byte characters are 1.1 MiB on disk.
    const wide = join(root, 'commented-skill', 'notes-wide.md');
    const w = await call('skills:save-file', { path: wide, text: '€'.repeat(400_000), expectedHash: null });
    expect(w).toMatchObject({ ok: false, error: { code: 'InvalidFormat' } });
    expect(!w.ok && w.error.message).toMatch(/over the 1 MiB limit for editing; nothing was saved/);
    expect(existsSync(wide)).toBe(false);
    // The manifest it edits stays as it was.
    expect(readFileSync(join(root, 'commented-skill', 'SKILL.md'), 'utf8')).toContain('name:');
  });
});
