// Owns the private file of secrets that the app, `serve` and the CLI share: one JSON map of keys to entries, each
// encrypted when a cipher (the OS keychain's) is given.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseJsonText } from '../../../shared/json-read.js';
import { writeFileAtomically } from './atomic-write.js';
import { DATA_FILE_MODE, ensurePrivateDir, makePrivate, moveAside, withFileLock } from './data-files.js';

/** Encrypts what is written (the app: Electron's safeStorage, backed by the OS keychain). */
export interface CredentialCipher {
  encrypt(text: string): string;
  decrypt(text: string): string;
}

/**
 * One JSON file (mode 0600) mapping keys to secrets, each entry encrypted when a cipher is given; read and written
 * under the cross-process lock the settings use, so the app, `serve` and the CLI can share it. MCP sign-ins (keyed by
 * server URL) and model providers' API keys (keyed by provider name) are both kept this way.
 */
export class FileCredentialStore<T> {
  constructor(
    readonly file: string,
    private readonly cipher: CredentialCipher | undefined,
    /** What the file holds, for the notice when it cannot be read. */
    private readonly what: string,
  ) {}

  load(key: string): T | undefined {
    const raw = this.readAll()[key];
    if (raw === undefined) return undefined;
    try {
      return parseJsonText(this.cipher ? this.cipher.decrypt(raw) : raw, this.what) as T;
    } catch {
      return undefined; // written by another keychain or corrupted: sign in again
    }
  }

  save(key: string, value: T | undefined): void {
    ensurePrivateDir(dirname(this.file));
    withFileLock(this.file, () => {
      const all = this.readAll();
      if (value === undefined) delete all[key];
      else {
        const text = JSON.stringify(value);
        all[key] = this.cipher ? this.cipher.encrypt(text) : text;
      }
      writeFileAtomically(this.file, `${JSON.stringify(all, null, 2)}\n`, { mode: DATA_FILE_MODE });
    });
  }

  private readAll(): Record<string, string> {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return {};
    }
    makePrivate(this.file);
    try {
      const data: unknown = parseJsonText(text, this.file);
      if (typeof data === 'object' && data !== null && !Array.isArray(data))
        return Object.fromEntries(
          Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
    } catch {
      // fall through
    }
    moveAside(this.file, 'not valid JSON', this.what);
    return {};
  }
}
