// Owns the app's settings: one JSON file in the user data folder, checked on every change, written atomically.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_SETTINGS, type Settings } from '../../shared/host-types.js';
import { SkillError } from '../../shared/errors.js';
import type { JsonValue } from '../../shared/types.js';
import { VALIDATION_PROFILES } from '../../shared/types.js';
import { saveFileAtomically } from '../core/editor/save-file.js';

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
  return s;
}

export class SettingsStore {
  readonly file: string;
  private current: Settings;

  constructor(userDataDir: string) {
    this.file = join(userDataDir, 'settings.json');
    let loaded: Settings = structuredClone(DEFAULT_SETTINGS);
    if (existsSync(this.file)) {
      try {
        loaded = check({ ...loaded, ...(JSON.parse(readFileSync(this.file, 'utf8')) as object) });
      } catch {
        // A broken settings file must not stop the app: defaults now, and the file is kept until the next save.
      }
    }
    this.current = loaded;
  }

  get(): Settings {
    return structuredClone(this.current);
  }

  /** Merges a partial update (one level deep for `history`), checks it, saves it. */
  set(partial: JsonValue): Settings {
    if (typeof partial !== 'object' || partial === null || Array.isArray(partial))
      throw new SkillError('InvalidArgs', 'Settings: expected an object.');
    const p = partial as Partial<Settings>;
    const next = check({ ...this.current, ...p, history: { ...this.current.history, ...(p.history ?? {}) } });
    mkdirSync(dirname(this.file), { recursive: true });
    saveFileAtomically(this.file, `${JSON.stringify(next, null, 2)}\n`);
    this.current = next;
    return this.get();
  }
}
