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
import { DEFAULT_SETTINGS } from '../../../../shared/host-types.js';
import { SettingsStore } from '../../../../electron/core/settings/store.js';

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

  it('keeps the good keys of a partly invalid file, drops the bad and unknown ones, and loses nothing', () => {
    const data = dir();
    const text =
      '{"roots":["/home/me/skills"],"trustedFolders":[{"path":"/home/me/skills","identity":"1:2"}],' +
      '"theme":"purple","__proto__":{"polluted":true},"extra":1}';
    writeFileSync(join(data, 'settings.json'), text);
    const store = new SettingsStore(data);
    const s = store.get();
    expect(s.roots).toEqual(['/home/me/skills']);
    expect(s.trustedFolders).toEqual([{ path: '/home/me/skills', identity: '1:2' }]);
    expect(s.theme).toBe(DEFAULT_SETTINGS.theme);
    expect(Object.keys(s)).not.toContain('__proto__');
    expect(Object.keys(s)).not.toContain('extra');
    expect(store.notices).toHaveLength(1);
    expect(store.notices[0]?.message).toMatch(/`theme` must be light, dark or system/);
    expect(store.notices[0]?.message).toMatch(/`__proto__` is not a setting/);
    expect(readFileSync(store.notices[0]?.backup ?? '', 'utf8')).toBe(text);
    const written = JSON.parse(readFileSync(join(data, 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(written).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(written.roots).toEqual(['/home/me/skills']);
  });

  it('refuses a change with a key that is no setting, and keeps the file as it was', () => {
    const data = dir();
    const store = new SettingsStore(data);
    store.set({ theme: 'dark' });
    const before = readFileSync(join(data, 'settings.json'), 'utf8');
    const polluting = JSON.parse('{"__proto__":{"polluted":true},"theme":"light"}') as Record<string, never>;
    expect(() => store.set(polluting)).toThrow(/`__proto__` is not a setting/);
    expect(() => store.set({ colour: 'red' })).toThrow(/`colour` is not a setting/);
    expect(readFileSync(join(data, 'settings.json'), 'utf8')).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
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
    chmodSync(data, 0o755);
    new SettingsStore(data).get();
    expect(statSync(join(data, 'settings.json')).mode & 0o777).toBe(0o600);
    expect(statSync(data).mode & 0o777).toBe(0o700); // the folder too, though the settings were only read
    expect(existsSync(join(data, 'settings.json.lock'))).toBe(false);
  });
});
