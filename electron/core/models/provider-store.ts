// Owns where configured model providers live (issue 15): `providers.json` in the user data folder, the file the CLI's
// `--provider NAME` reads, and their API keys, which are never written there: they go to a separate 0600 file,
// each entry encrypted when the host has a cipher (the app: Electron's safeStorage), as MCP sign-ins are.
// Tested by: test/unit/core/fs/data-files.test.ts
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { providerKeysFile, providersFile } from '../app-data.js';
import { SkillError } from '../../../shared/errors.js';
import type { ProviderView } from '../../../shared/evals.js';
import { DATA_FILE_MODE, ensurePrivateDir, makePrivate, withFileLock } from '../fs/data-files.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { priceOf, readPriceTable, SHIPPED_PRICES, type PriceTable } from './prices.js';
import { FileCredentialStore, type CredentialCipher } from '../fs/credential-file.js';
import {
  createProvider,
  keyEnvOf,
  parseProviderConfig,
  parseProviderConfigs,
  type ModelProvider,
  type ProviderConfig,
} from './providers/index.js';

/** What a key change asks for: a new key, `null` to forget the kept one, absent to leave it. */
export type KeyChange = string | null | undefined;

export class ProviderStore {
  readonly file: string;
  private readonly keys: FileCredentialStore<string>;

  constructor(
    private readonly userDataDir: string,
    cipher?: CredentialCipher,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.file = providersFile(userDataDir);
    this.keys = new FileCredentialStore<string>(providerKeysFile(userDataDir), cipher, 'model provider keys');
  }

  /** The providers in the file (none when there is no file); a broken file is an error naming the entry and the fix. */
  list(): ProviderConfig[] {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return [];
    }
    // It names servers and key variables: kept from other users even when it is only read.
    makePrivate(this.file);
    ensurePrivateDir(dirname(this.file));
    return parseProviderConfigs(text, this.file);
  }

  /** The token prices in effect: the shipped ones and the user's `prices.json` (a broken file is an error). */
  prices(): PriceTable {
    return readPriceTable(this.userDataDir);
  }

  /** The providers as the app shows them: whether a key is kept, never the key; the price of each one's model. */
  views(): ProviderView[] {
    let prices: PriceTable;
    try {
      prices = this.prices();
    } catch {
      prices = SHIPPED_PRICES; // a broken prices.json is reported when a run needs it, not here
    }
    return this.list().map((p) => {
      const keyEnv = keyEnvOf(p, { from: 'user' });
      const price = priceOf(p, prices);
      return {
        name: p.name,
        kind: p.kind,
        model: p.model,
        ...(p.baseURL !== undefined ? { baseURL: p.baseURL } : {}),
        hasKey: this.keys.load(p.name) !== undefined,
        ...(keyEnv !== undefined ? { keyEnv } : {}),
        ...(price ? { price } : {}),
      };
    });
  }

  /**
   * Adds or replaces the provider named `value.name` (checked as the CLI checks the file; `previousName` renames),
   * and sets, keeps or forgets its key. The key goes only to the keys file.
   */
  save(value: unknown, key: KeyChange, previousName?: string): ProviderConfig {
    const config = parseProviderConfig(value, 'Provider');
    if (key !== undefined && key !== null && !key.trim())
      throw new SkillError('InvalidArgs', `Provider "${config.name}": the key is empty; clear it instead.`);
    ensurePrivateDir(dirname(this.file));
    withFileLock(this.file, () => {
      const all = this.list();
      const oldName = previousName ?? config.name;
      if (config.name !== oldName && all.some((p) => p.name === config.name))
        throw new SkillError(
          'Conflict',
          `A provider named "${config.name}" exists already: choose another name.`,
        );
      const index = all.findIndex((p) => p.name === oldName);
      if (index >= 0) all[index] = { ...all[index], ...config };
      else all.push(config);
      writeFileAtomically(this.file, `${JSON.stringify({ providers: all }, null, 2)}\n`, {
        mode: DATA_FILE_MODE,
      });
    });
    if (previousName !== undefined && previousName !== config.name) {
      const kept = this.keys.load(previousName);
      this.keys.save(previousName, undefined);
      if (kept !== undefined && key === undefined) this.keys.save(config.name, kept);
    }
    if (key !== undefined) this.keys.save(config.name, key === null ? undefined : key.trim());
    return config;
  }

  remove(name: string): void {
    withFileLock(this.file, () => {
      const all = this.list();
      if (!all.some((p) => p.name === name)) throw new SkillError('NotFound', `No provider named "${name}".`);
      writeFileAtomically(
        this.file,
        `${JSON.stringify({ providers: all.filter((p) => p.name !== name) }, null, 2)}\n`,
        { mode: DATA_FILE_MODE },
      );
    });
    this.keys.save(name, undefined);
  }

  /** The provider named `name`, built with its kept key, else the key from its environment variable. */
  open(name: string): ModelProvider {
    const all = this.list();
    const config = all.find((p) => p.name === name);
    if (!config)
      throw new SkillError(
        'NotFound',
        `No provider named "${name}"${all.length ? ` (configured: ${all.map((p) => p.name).join(', ')})` : ''}: add one in Settings → Model providers.`,
      );
    const apiKey = this.keys.load(name);
    // The providers in Settings are the user's: a base URL typed there is sent the kind's key, as on the command line.
    return createProvider(
      config,
      apiKey !== undefined
        ? { apiKey, keptIn: 'kept in Settings → Model providers' }
        : { source: { from: 'user' }, env: this.env },
    );
  }
}
