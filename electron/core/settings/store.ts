// Owns the app's settings: one JSON file in the user data folder, checked on every change, written atomically under
// a cross-process lock (the app, `serve` and the CLI share it), and moved aside, never replaced, when unreadable.
import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEFAULT_SETTINGS, type DataNotice, type Settings } from '../../../shared/host-types.js';
import { SkillError } from '../../../shared/errors.js';
import type { JsonValue } from '../../../shared/types.js';
import { VALIDATION_PROFILES } from '../../../shared/types.js';
import { DATA_FILE_MODE, ensurePrivateDir, makePrivate, moveAside, withFileLock } from '../fs/data-files.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { settingsFile } from '../app-data.js';
import { describeJsonProblem, readJson } from '../../../shared/json-read.js';

type Problem = string | undefined;
const isStringList = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** One check per setting: the problem with its value, in words, or undefined. The keys are the settings known. */
const CHECKS: { [K in keyof Settings]: (v: unknown) => Problem } = {
  roots: (v) => (isStringList(v) ? undefined : '`roots` must be a list of folder paths'),
  precedence: (v) =>
    v === 'project' || v === 'user' ? undefined : '`precedence` must be "project" or "user"',
  profile: (v) =>
    VALIDATION_PROFILES.includes(v as Settings['profile'])
      ? undefined
      : `\`profile\` must be one of ${VALIDATION_PROFILES.join(', ')}`,
  history: (v) => {
    const h = v as Partial<Settings['history']> | null;
    return isObject(h) &&
      Number.isInteger(h.maxEntries) &&
      (h.maxEntries ?? 0) >= 1 &&
      Number.isInteger(h.maxBytes) &&
      (h.maxBytes ?? 0) >= 1024 &&
      Object.keys(h).every((k) => k === 'maxEntries' || k === 'maxBytes')
      ? undefined
      : '`history` needs maxEntries ≥ 1 and maxBytes ≥ 1024 (and nothing else)';
  },
  theme: (v) =>
    v === 'light' || v === 'dark' || v === 'system' ? undefined : '`theme` must be light, dark or system',
  mcpServers: (v) => (isObject(v) ? undefined : '`mcpServers` must be an object'),
  trustedFolders: (v) =>
    Array.isArray(v) &&
    v.every((f: unknown) => isObject(f) && typeof f.path === 'string' && typeof f.identity === 'string')
      ? undefined
      : '`trustedFolders` must be a list of { path, identity }',
  excludedTools: (v) =>
    Array.isArray(v) && v.every((t) => typeof t === 'string' && t.trim() !== '')
      ? undefined
      : '`excludedTools` must be a list of tool kinds or names',
  checkForUpdates: (v) => (typeof v === 'boolean' ? undefined : '`checkForUpdates` must be true or false'),
};
const KEYS = Object.keys(CHECKS) as Array<keyof Settings>;

/** What is wrong with a settings object: keys that are no setting, and values a setting does not take. */
function problemsOf(value: Record<string, unknown>): string[] {
  const unknown = Object.keys(value).filter((k) => !Object.hasOwn(CHECKS, k));
  return [
    ...(unknown.length
      ? [
          `${unknown.map((k) => `\`${k}\``).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not a setting (known: ${KEYS.join(', ')})`,
        ]
      : []),
    ...KEYS.flatMap((k) => (Object.hasOwn(value, k) ? [CHECKS[k](value[k])] : [])).filter(
      (p): p is string => p !== undefined,
    ),
  ];
}

/** A whole settings object, or InvalidArgs naming every problem: a change is taken whole or not at all. */
function check(value: Record<string, unknown>): Settings {
  const problems = problemsOf(value);
  if (problems.length) throw new SkillError('InvalidArgs', `Settings: ${problems.join('; ')}.`);
  return value as unknown as Settings;
}

/** The good keys of a file's settings over the defaults, and what was left out (unknown keys, values refused). */
function salvage(value: Record<string, unknown>): { settings: Settings; dropped: string[] } {
  const settings = structuredClone(DEFAULT_SETTINGS) as unknown as Record<string, unknown>;
  const dropped: string[] = [];
  for (const key of Object.keys(value)) {
    const problem = Object.hasOwn(CHECKS, key)
      ? CHECKS[key as keyof Settings](merge(DEFAULT_SETTINGS, { [key]: value[key] })[key as keyof Settings])
      : `\`${key}\` is not a setting`;
    if (problem) dropped.push(problem);
    else settings[key] = structuredClone(value[key]);
  }
  if (isObject(value.history) && !dropped.some((d) => d.startsWith('`history`')))
    settings.history = { ...DEFAULT_SETTINGS.history, ...value.history };
  return { settings: settings as unknown as Settings, dropped };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A partial update over `base`, one level deep for `history`. */
function merge(base: Settings, partial: Record<string, unknown>): Settings {
  const history = isObject(partial.history) ? { ...base.history, ...partial.history } : partial.history;
  return { ...base, ...partial, ...(partial.history !== undefined ? { history } : {}) } as Settings;
}

export class SettingsStore {
  readonly file: string;
  /** Settings files that could not be read and were moved aside, since this store was opened. */
  readonly notices: DataNotice[] = [];
  private current: Settings = structuredClone(DEFAULT_SETTINGS);
  /** The file version `current` was read from (another process may change the file). */
  private version = '';

  constructor(userDataDir: string) {
    this.file = settingsFile(userDataDir);
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
      const next = check(merge(base, change(structuredClone(base))) as unknown as Record<string, unknown>);
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

  /**
   * The file's settings; called under the lock. A file that is not a JSON object is moved aside and the defaults
   * returned; one with unknown keys or values a setting does not take keeps its good keys: the whole file is moved
   * aside (nothing is lost) and the settings without the bad keys are written in its place.
   */
  private load(): Settings {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return structuredClone(DEFAULT_SETTINGS); // none yet
    }
    makePrivate(this.file);
    ensurePrivateDir(dirname(this.file));
    const read = readJson(text);
    if (!read.ok || !isObject(read.value)) {
      const why = read.ok ? 'it is not a JSON object' : describeJsonProblem(read.problem);
      this.notices.push(moveAside(this.file, why, 'the default settings are used'));
      return structuredClone(DEFAULT_SETTINGS);
    }
    const { settings, dropped } = salvage(read.value);
    if (dropped.length) {
      this.notices.push(
        moveAside(
          this.file,
          dropped.join('; '),
          `the other settings were kept (what could not be used was left out)`,
        ),
      );
      writeFileAtomically(this.file, `${JSON.stringify(settings, null, 2)}\n`, { mode: DATA_FILE_MODE });
    }
    return settings;
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
