// Settings survive (issue 12): an unreadable file is moved aside and reported, never replaced by defaults; a
// change by another process in between is kept; the file is private.
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/host-types.js';
import { SettingsStore } from '../../../electron/host/settings-store.js';

const dir = () => mkdtempSync(join(tmpdir(), 'skillbench-settings-'));

describe('the settings store', () => {
  it('moves a settings file with a trailing comma aside, tells the user, and never overwrites it', () => {
    const data = dir();
    const broken =
      '{\n  "roots": ["/home/me/skills"],\n  "mcpServers": { "gh": { "url": "https://x", "headers": { "Authorization": "Bearer t" } } },\n}\n';
    writeFileSync(join(data, 'settings.json'), broken);
    const store = new SettingsStore(data);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.notices).toHaveLength(1);
    const [notice] = store.notices;
    expect(notice?.message).toMatch(/settings\.json could not be read .*moved to .*settings\.json\.broken-/);
    expect(readFileSync(notice?.backup ?? '', 'utf8')).toBe(broken);
    store.set({ theme: 'dark' });
    expect(readFileSync(notice?.backup ?? '', 'utf8')).toBe(broken);
    expect(JSON.parse(readFileSync(join(data, 'settings.json'), 'utf8'))).toMatchObject({ theme: 'dark' });
  });

  it('moves aside a file that parses but breaks the settings rules, too', () => {
    const data = dir();
    writeFileSync(join(data, 'settings.json'), JSON.stringify({ precedence: 'sideways' }));
    const store = new SettingsStore(data);
    expect(store.notices[0]?.message).toMatch(/precedence/);
    expect(readdirSync(data).filter((n) => n.startsWith('settings.json.broken-'))).toHaveLength(1);
  });

  it('keeps a change another process made after this one read the settings', () => {
    const data = dir();
    const app = new SettingsStore(data);
    const cli = new SettingsStore(data);
    cli.set({ roots: ['/from/the/cli'] });
    app.set({ theme: 'dark' });
    expect(JSON.parse(readFileSync(join(data, 'settings.json'), 'utf8'))).toMatchObject({
      roots: ['/from/the/cli'],
      theme: 'dark',
    });
    expect(app.get().roots).toEqual(['/from/the/cli']);
    app.update(({ roots }) => ({ roots: [...roots, '/from/the/app'] }));
    expect(cli.get().roots).toEqual(['/from/the/cli', '/from/the/app']);
  });

  it('writes the file 0600 into a 0700 folder, and tightens a file an earlier version left readable', () => {
    if (process.platform === 'win32') return;
    const data = join(dir(), 'Skillbench');
    const store = new SettingsStore(data);
    store.set({ theme: 'light' });
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(statSync(join(data, 'settings.json')).mode & 0o777).toBe(0o600);
    chmodSync(join(data, 'settings.json'), 0o644);
    new SettingsStore(data).get();
    expect(statSync(join(data, 'settings.json')).mode & 0o777).toBe(0o600);
    expect(existsSync(join(data, 'settings.json.lock'))).toBe(false);
  });
});
