import { chmodSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSnapshot, saveFileAtomically } from '../../../../electron/core/editor/save-file.js';
import { STALE_TEMP_MS } from '../../../../electron/core/fs/atomic-write.js';
import { copyFixtures, failure } from '../../../helpers.js';

describe('saving files', () => {
  it('writes exactly the bytes typed, and nothing else changes', async () => {
    const dir = copyFixtures('skills/crlf-bom');
    const path = join(dir, 'SKILL.md');
    const before = readFileSync(path);
    const snap = readFileSnapshot(path);
    expect(snap).toMatchObject({ bom: true, eol: '\r\n' });
    const edited = snap.text.replace('Body line.', 'Body line, edited.');
    const after = saveFileAtomically(path, edited, { expectedHash: snap.hash });
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.toString('utf8').slice(1)).toBe(edited);
    expect(bytes.length - before.length).toBe(', edited'.length);
    expect(after.hash).toBe(readFileSnapshot(path).hash);
    expect(readdirSync(dir)).toEqual(['SKILL.md']);
    await Promise.resolve();
  });

  it('refuses to overwrite a file changed on disk since it was read (Conflict), unless told to', async () => {
    const path = join(copyFixtures('skills/valid-minimal'), 'SKILL.md');
    const snap = readFileSnapshot(path);
    writeFileSync(path, `${snap.text}\nchanged elsewhere\n`);
    const e = await failure(
      Promise.resolve().then(() => saveFileAtomically(path, 'mine', { expectedHash: snap.hash })),
    );
    expect(e.code).toBe('Conflict');
    expect(readFileSync(path, 'utf8')).toContain('changed elsewhere');
    saveFileAtomically(path, 'mine');
    expect(readFileSync(path, 'utf8')).toBe('mine');
  });

  it('creates only when asked to with expectedHash null, and keeps the file mode', async () => {
    const dir = copyFixtures('skills/valid-minimal');
    const fresh = join(dir, 'NEW.md');
    saveFileAtomically(fresh, 'new', { expectedHash: null });
    expect(
      (
        await failure(
          Promise.resolve().then(() => saveFileAtomically(fresh, 'again', { expectedHash: null })),
        )
      ).code,
    ).toBe('Conflict');
    if (process.platform !== 'win32') {
      chmodSync(fresh, 0o600);
      saveFileAtomically(fresh, 'private');
      expect(statSync(fresh).mode & 0o777).toBe(0o600);
    }
  });

  it('reports an unwritable folder without touching the file', async () => {
    if (process.platform === 'win32' || process.getuid?.() === 0) {
      // root writes anywhere: a path under a file instead of a folder fails for everyone.
      const path = join(copyFixtures('skills/valid-minimal'), 'SKILL.md', 'nested.md');
      expect((await failure(Promise.resolve().then(() => saveFileAtomically(path, 'x')))).code).toBe('Io');
      return;
    }
    const dir = copyFixtures('skills/valid-minimal');
    chmodSync(dir, 0o500);
    expect(
      (await failure(Promise.resolve().then(() => saveFileAtomically(join(dir, 'SKILL.md'), 'x')))).code,
    ).toBe('Io');
    chmodSync(dir, 0o700);
  });

  it('removes temp files that interrupted saves left in the folder, and only old ones', () => {
    const dir = copyFixtures('skills/valid-minimal');
    const path = join(dir, 'SKILL.md');
    const old = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    const left = ['.SKILL.md.0123456789ab.tmp', '.notes.md.ba9876543210.tmp'];
    for (const name of left) {
      writeFileSync(join(dir, name), 'half a save');
      utimesSync(join(dir, name), old, old);
    }
    writeFileSync(join(dir, '.SKILL.md.aaaaaaaaaaaa.tmp'), 'a save in progress'); // fresh: another save's
    writeFileSync(join(dir, 'user-file.tmp'), 'not ours');
    utimesSync(join(dir, 'user-file.tmp'), old, old);
    saveFileAtomically(path, readFileSnapshot(path).text);
    expect(readdirSync(dir).sort()).toEqual(['.SKILL.md.aaaaaaaaaaaa.tmp', 'SKILL.md', 'user-file.tmp']);
  });
});
