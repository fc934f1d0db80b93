// Unsaved drafts are bounded (issue 12: `drafts:list` once answered 40 MB): in count, per draft and in total, with
// a clear error, and they are private files.
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DraftStore } from '../../../../electron/core/editor/drafts.js';
import { failure } from '../../../helpers.js';

const folder = () => join(mkdtempSync(join(tmpdir(), 'skillbench-drafts-')), 'drafts');

describe('drafts', () => {
  it('keeps at most maxDrafts files with drafts, and says what to do about the next one', async () => {
    const drafts = new DraftStore(folder(), { maxDrafts: 3 });
    for (let i = 0; i < 3; i++) drafts.put(`/root/skill-${i}/SKILL.md`, `text ${i}`, null);
    drafts.put('/root/skill-0/SKILL.md', 'text 0, edited again', null); // replacing one is not a new one
    const e = await failure(
      Promise.resolve().then(() => drafts.put('/root/skill-3/SKILL.md', 'text 3', null)),
    );
    expect(e.code).toBe('InvalidArgs');
    expect(e.message).toMatch(/3 files already have unsaved drafts \(at most 3 are kept\): save or revert/);
    drafts.discard('/root/skill-1/SKILL.md');
    drafts.put('/root/skill-3/SKILL.md', 'text 3', null);
    expect(drafts.list().map((d) => d.path)).toEqual([
      '/root/skill-0/SKILL.md',
      '/root/skill-2/SKILL.md',
      '/root/skill-3/SKILL.md',
    ]);
  });

  it('refuses a draft over the per-draft and the total size, with a clear error', async () => {
    const drafts = new DraftStore(folder(), { maxDraftBytes: 1000, maxTotalBytes: 2500 });
    const big = await failure(
      Promise.resolve().then(() => drafts.put('/r/a/SKILL.md', 'x'.repeat(1001), null)),
    );
    expect(big.message).toMatch(/over the .* kept for an unsaved draft: save the file/);
    drafts.put('/r/a/SKILL.md', 'x'.repeat(900), null);
    drafts.put('/r/b/SKILL.md', 'x'.repeat(900), null);
    const total = await failure(
      Promise.resolve().then(() => drafts.put('/r/c/SKILL.md', 'x'.repeat(900), null)),
    );
    expect(total.message).toMatch(/Unsaved drafts would take .* over the .* kept/);
  });

  it('lists no more than its limits even when an earlier version left more drafts', () => {
    const dir = folder();
    new DraftStore(dir).put('/r/first/SKILL.md', 'one', null);
    for (let i = 0; i < 20; i++)
      writeFileSync(
        join(dir, `${String(i).padStart(32, '0')}.json`),
        JSON.stringify({ path: `/r/${i}/SKILL.md`, text: 'x'.repeat(100), baseHash: null, savedAt: 'now' }),
      );
    expect(new DraftStore(dir, { maxDrafts: 5 }).list()).toHaveLength(5);
    expect(new DraftStore(dir, { maxTotalBytes: 1000 }).list().length).toBeLessThan(10);
  });

  it('writes drafts 0600 into a 0700 folder, without leftovers', () => {
    if (process.platform === 'win32') return;
    const dir = folder();
    new DraftStore(dir).put('/r/a/SKILL.md', 'secret draft', null);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const names = readdirSync(dir);
    expect(names).toHaveLength(1);
    expect(statSync(join(dir, names[0] ?? '')).mode & 0o777).toBe(0o600);
  });
});
