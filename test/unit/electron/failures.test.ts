// Failing visibly: a start that throws shows one error box naming the step and the log, then exits 1 (so the
// single-instance lock is released); an error after the window exists offers Reload or Quit. The log file is
// bounded by rotation.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { captureConsole, openMainLog } from '../../../electron/main/main-log.js';
import { launch } from './launch.js';

describe('a start that fails', () => {
  it('shows what failed before the log exists, then exits 1 with no window and no lock held', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'skillbench-fail-')), 'a-file');
    writeFileSync(file, 'not a folder');
    const l = await launch({ env: { SKILLBENCH_DATA_DIR: join(file, 'data') } });
    expect(l.handle).toBeUndefined();
    expect(l.fake.app.exitCode).toBe(1);
    expect(l.fake.log).toContain('exit:1');
    expect(l.fake.windows).toHaveLength(0);
    const [[title, text]] = l.fake.electron.dialog.errorBoxes as [[string, string]];
    expect(title).toBe('Skillbench could not start');
    expect(text).toContain(`creating the data folder ${join(file, 'data')}`);
    expect(text).toContain('No log file could be written.');
  });

  it('names the step and the log file when a later step throws, and the log holds the stack', async () => {
    const l = await launch({
      before: (fake) => {
        fake.electron.screen.getAllDisplays = () => {
          throw new Error('no display attached');
        };
      },
    });
    expect(l.handle).toBeUndefined();
    expect(l.fake.app.exitCode).toBe(1);
    const [[, text]] = l.fake.electron.dialog.errorBoxes as [[string, string]];
    expect(text).toContain('opening the window');
    expect(text).toContain('no display attached');
    const logFile = join(l.fake.app.getPath('userData'), 'logs', 'main.log');
    expect(text).toContain(logFile);
    expect(readFileSync(logFile, 'utf8')).toMatch(
      /Start failed while opening the window: Error: no display attached\n\s+at /,
    );
  });

  it('treats an uncaught error before the window exists as a failed start', async () => {
    let emitted = false;
    const l = await launch({
      before: (fake) => {
        const ready = fake.app.whenReady.bind(fake.app);
        fake.app.whenReady = () => ready().then(() => new Promise<void>(() => undefined)); // start stalls
      },
      main: {
        process: {
          on: (event: string, listener: (e: unknown) => void) => {
            if (event === 'unhandledRejection' && !emitted) {
              emitted = true;
              setImmediate(() => listener(new Error('a rejected promise nobody awaited')));
            }
          },
        },
      },
      wait: false,
    });
    await vi.waitFor(() => expect(l.fake.app.exitCode).toBe(1));
    expect(l.fake.electron.dialog.errorBoxes[0]?.[1]).toContain('a rejected promise nobody awaited');
  });
});

describe('an error after the window exists', () => {
  it('offers Reload, which loads the page again, and keeps the app running', async () => {
    const l = await launch();
    l.fake.electron.dialog.nextMessageBoxChoice = 0;
    l.processEvents.emit('uncaughtException', new Error('a listener threw'));
    await vi.waitFor(() => expect(l.win().webContents.loads).toHaveLength(2));
    expect(l.win().webContents.loads[1]).toBe('app://skillbench/index.html');
    expect(l.fake.electron.dialog.messageBoxes.at(-1)).toMatchObject({
      buttons: ['Reload', 'Quit'],
      message: 'Skillbench hit an unexpected error.',
    });
    expect(l.fake.app.exitCode).toBeUndefined();
    expect(readFileSync(l.handle.log.file, 'utf8')).toContain('Unexpected error: Error: a listener threw');
    await l.handle.quit();
  });

  it('offers Quit, which quits through the normal shutdown', async () => {
    const l = await launch();
    l.fake.electron.dialog.nextMessageBoxChoice = 1;
    l.processEvents.emit('unhandledRejection', new Error('lost promise'));
    await vi.waitFor(() => expect(l.fake.app.exitCode).toBe(0));
    expect(l.fake.log).toContain('will-quit');
  });

  it('asks once however many errors arrive together', async () => {
    const l = await launch();
    const before = l.fake.electron.dialog.messageBoxes.length;
    for (let i = 0; i < 5; i++) l.processEvents.emit('uncaughtException', new Error(`error ${i}`));
    expect(l.fake.electron.dialog.messageBoxes.length - before).toBe(1);
    await l.handle.quit();
  });
});

describe('the log file', () => {
  it('rotates by size and keeps a bounded number of files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillbench-log-'));
    const log = openMainLog(dir, { maxBytes: 1000, keep: 2 });
    for (let i = 0; i < 200; i++) log.write('info', `line ${i} ${'x'.repeat(40)}`);
    expect(readdirSync(dir).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).size).toBeLessThanOrEqual(1000);
    expect(readFileSync(join(dir, 'main.log'), 'utf8')).toContain('line 199');
    expect(readFileSync(join(dir, 'main.2.log'), 'utf8')).not.toContain('line 0 ');
  });

  it('takes the console warnings and errors of main, and lets go of them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillbench-log-'));
    const log = openMainLog(dir);
    const target = { warn: vi.fn(), error: vi.fn() };
    const restore = captureConsole(log, target);
    target.warn('watch out', { n: 1 });
    target.error(new Error('boom'));
    restore();
    target.error('not logged');
    const text = readFileSync(log.file, 'utf8');
    expect(text).toMatch(/WARN watch out \{ n: 1 \}/);
    expect(text).toMatch(/ERROR Error: boom\n\s+at /);
    expect(text).not.toContain('not logged');
  });

  it('is written in the data folder by the app, from its start to its end', async () => {
    const l = await launch();
    await l.handle.quit();
    const file = join(l.fake.app.getPath('userData'), 'logs', 'main.log');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/starting on linux[\s\S]*Started\.[\s\S]*stopped\./);
  });
});
