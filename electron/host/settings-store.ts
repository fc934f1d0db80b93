// Owns the app's settings: one JSON file in the user data folder, checked on every change, written atomically under
// a cross-process lock (the app, `serve` and the CLI share it), and moved aside, never replaced, when it cannot be
// read (issue 12).
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_SETTINGS, type DataNotice, type Settings } from '../../shared/host-types.js';
import { SkillError } from '../../shared/errors.js';
import type { JsonValue } from '../../shared/types.js';
import { VALIDATION_PROFILES } from '../../shared/types.js';
import {
  DATA_FILE_MODE,
  ensurePrivateDir,
  makePrivate,
  moveAside,
  withFileLock,
} from '../core/data-files.js';
import { writeFileAtomically } from '../core/editor/save-file.js';

function check(value: unknown): Settings {
  const s = value as Settings;
  const fail = (what: string) => {
    throw new SkillError('InvalidArgs', `Settings: ${what}.`);
  };
  if (typeof s !== 'object' || s === null) fail('expected an object');
  if (!Array.isArray(s.roots) || !s.roots.every((r) => typeof r === 'string'))
    fail('`roots` must be a list of folder paths');
  if (s.precedence !== 'project' && s.precedence !== 'user') fail('`precedence` must be "project" or "user"');
  if (!VALIDATION_PROFILES.includes(s.profile))
    fail(`\`profile\` must be one of ${VALIDATION_PROFILES.join(', ')}`);
  if (!(
    Number.isInteger(s.history?.maxEntries) &&
    s.history.maxEntries >= 1 &&
    Number.isInteger(s.history?.maxBytes) &&
    s.history.maxBytes >= 1024
  )) {
    fail('`history` needs maxEntries ≥ 1 and maxBytes ≥ 1024');
  }
  if (!['light', 'dark', 'system'].includes(s.theme)) fail('`theme` must be light, dark or system');
  if (typeof s.mcpServers !== 'object' || s.mcpServers === null || Array.isArray(s.mcpServers))
    fail('`mcpServers` must be an object');
  if (
    !Array.isArray(s.trustedFolders) ||
    !s.trustedFolders.every((f) => typeof f?.path === 'string' && typeof f?.identity === 'string')
  )
    fail('`trustedFolders` must be a list of { path, identity }');
  if (
    !Array.isArray(s.excludedTools) ||
    !s.excludedTools.every((t) => typeof t === 'string' && t.trim() !== '')
  )
    fail('`excludedTools` must be a list of tool kinds or names');
  if (typeof s.checkForUpdates !== 'boolean') fail('`checkForUpdates` must be true or false');
  return s;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A partial update over `base`, one level deep for `history`. */
function merge(base: Settings, partial: Partial<Settings>): Settings {
  return { ...base, ...partial, history: { ...base.history, ...(partial.history ?? {}) } };
}

export class SettingsStore {
  readonly file: string;
  /** Settings files that could not be read and were moved aside, since this store was opened. */
  readonly notices: DataNotice[] = [];
  private current: Settings = structuredClone(DEFAULT_SETTINGS);
  /** The file version `current` was read from (another process may change the file). */
  private version = '';

  constructor(userDataDir: string) {
    this.file = join(userDataDir, 'settings.json');
    ensurePrivateDir(dirname(this.file));
    this.current = this.read();
  }

  /** The settings as they are on disk now (another process may have changed them). */
  get(): Settings {
    if (this.stamp() !== this.version) this.current = this.read();
    return structuredClone(this.current);
  }

  /** Merges a partial update (one level deep for `history`) into the settings on disk, checks it, saves it. */
  set(partial: JsonValue): Settings {
    if (!isObject(partial)) throw new SkillError('InvalidArgs', 'Settings: expected an object.');
    return this.update(() => partial);
  }

  /**
   * Read-modify-write under the lock: `change` sees the settings as they are on disk at that moment, so two
   * processes changing settings (two roots added at once) keep both changes.
   */
  update(change: (current: Settings) => Partial<Settings>): Settings {
    return withFileLock(this.file, () => {
      const base = this.load();
      const next = check(merge(base, change(structuredClone(base))));
      writeFileAtomically(this.file, `${JSON.stringify(next, null, 2)}\n`, { mode: DATA_FILE_MODE });
      this.current = next;
      this.version = this.stamp();
      return structuredClone(next);
    });
  }

  private read(): Settings {
    return withFileLock(this.file, () => {
      const s = this.load();
      this.version = this.stamp();
      return s;
    });
  }

  /** The file's settings; called under the lock. An unreadable file is moved aside and the defaults returned. */
  private load(): Settings {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return structuredClone(DEFAULT_SETTINGS); // none yet
    }
    makePrivate(this.file);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!isObject(parsed)) throw new SkillError('InvalidArgs', 'Settings: expected an object');
      return check(merge(structuredClone(DEFAULT_SETTINGS), parsed));
    } catch (error) {
      this.notices.push(
        moveAside(this.file, (error as Error).message.replace(/\.$/, ''), 'the default settings are used'),
      );
      return structuredClone(DEFAULT_SETTINGS);
    }
  }

  private stamp(): string {
    try {
      const s = statSync(this.file);
      return `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      return '';
    }
  }
}
