// What the OS hands the app: folder and file arguments of the first launch and of a second one (relative to that
// launch's working directory), macOS open-file and open-url (also before ready), and skillbench:// links. They wait in
// main until the page takes them, each once; nothing is installed or added by main itself.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openArguments } from '../../../electron/main/open-requests.js';
import { launch, type Launched } from './launch.js';

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-open-'));
  mkdirSync(join(dir, 'skills', 'pdf'), { recursive: true });
  writeFileSync(join(dir, 'skills', 'pdf', 'SKILL.md'), '---\nname: pdf\ndescription: d\n---\n');
  writeFileSync(join(dir, 'pdf.skill'), 'PK');
  writeFileSync(join(dir, 'notes.txt'), 'x');
  return dir;
}

const take = async (l: Launched) =>
  ((await l.call('app:take-open-requests')) as { ok: true; value: unknown[] }).value;

describe('opening what the OS hands over', () => {
  it('reads folder arguments of the first launch, and hands them out once', async () => {
    const dir = workspace();
    const l = await launch({
      isPackaged: true,
      main: {
        argv: ['/opt/Skillbench/skillbench', '--no-sandbox', 'skills', join(dir, 'pdf.skill')],
        cwd: dir,
      },
    });
    expect(await take(l)).toEqual([
      { kind: 'folder', path: join(dir, 'skills') },
      { kind: 'add-source', source: join(dir, 'pdf.skill'), from: 'file' },
    ]);
    expect(await take(l)).toEqual([]);
    await l.handle.quit();
  });

  it('reads a second launch with its own working directory, tells the page and shows the window', async () => {
    const dir = workspace();
    const l = await launch({ autoPaint: false, isPackaged: true });
    l.fake.app.secondInstance(
      ['/opt/Skillbench/skillbench', 'skills/pdf/SKILL.md', 'notes.txt', 'gone'],
      dir,
    );
    expect(l.win().isVisible()).toBe(true);
    expect(l.win().webContents.sent).toContainEqual(['app:open-requested', { waiting: 3 }]);
    expect(await take(l)).toEqual([
      { kind: 'folder', path: join(dir, 'skills', 'pdf') },
      {
        kind: 'refused',
        what: join(dir, 'notes.txt'),
        reason: expect.stringContaining('opens folders') as string,
      },
      { kind: 'refused', what: join(dir, 'gone'), reason: 'there is nothing at that path' },
    ]);
    await l.handle.quit();
  });

  it('takes a skillbench:// link from the arguments (Windows, Linux) and from open-url (macOS)', async () => {
    const l = await launch({
      isPackaged: true,
      main: { argv: ['/opt/Skillbench/skillbench', 'skillbench://add?source=anthropics/skills'] },
    });
    expect(l.fake.app.openUrl('skillbench://add?source=file:///etc')).toBe(true);
    expect(await take(l)).toEqual([
      { kind: 'add-source', source: 'anthropics/skills', from: 'link' },
      {
        kind: 'refused',
        what: 'skillbench://add?source=file:///etc',
        reason: expect.stringContaining('only https:// and owner/repo') as string,
      },
    ]);
    await l.handle.quit();
  });

  it('hears open-file and open-url that macOS sends before the app is ready', async () => {
    const dir = workspace();
    const seen: boolean[] = [];
    const l = await launch({
      platform: 'darwin',
      before: (fake) =>
        setImmediate(() => {
          seen.push(fake.app.isReady());
          seen.push(fake.app.openFile(join(dir, 'pdf.skill')));
          seen.push(fake.app.openUrl('skillbench://add?source=team/skills'));
        }),
    });
    expect(seen).toEqual([false, true, true]);
    expect(await take(l)).toEqual([
      { kind: 'add-source', source: join(dir, 'pdf.skill'), from: 'file' },
      { kind: 'add-source', source: 'team/skills', from: 'link' },
    ]);
    await l.handle.quit();
  });

  it('does not add roots or install anything itself', async () => {
    const dir = workspace();
    const l = await launch({ main: { argv: ['electron', '.', join(dir, 'skills')] } });
    expect(await take(l)).toEqual([{ kind: 'folder', path: join(dir, 'skills') }]);
    const roots = (await l.call('roots:list')) as { ok: true; value: Array<{ path: string }> };
    expect(roots.value.map((r) => r.path)).not.toContain(join(dir, 'skills'));
    await l.handle.quit();
  });

  it('registers itself for skillbench:// links when packaged', async () => {
    const l = await launch({ isPackaged: true });
    expect(l.fake.app.protocolClients).toEqual(['skillbench']);
    await l.handle.quit();
  });
});

describe('openArguments', () => {
  it('skips the executable, the app folder of `electron .` and every switch', () => {
    expect(openArguments(['/x/Skillbench', '-psn_0_1234', '~/skills'], false)).toEqual(['~/skills']);
    expect(openArguments(['/x/electron', '.', '--inspect=0', 'skills'], true)).toEqual(['skills']);
    expect(openArguments(['/x/electron', '.'], true)).toEqual([]);
    // Switches before the app folder (Playwright's _electron puts --inspect=0 first): the folder is still not opened.
    expect(
      openArguments(['/x/electron', '--inspect=0', '--remote-debugging-port=0', '/repo', 'skills'], true),
    ).toEqual(['skills']);
  });
});
