// Owns whether the app's secrets (MCP sign-ins, model provider keys) are encrypted by the OS keychain through
// Electron's safeStorage (docs/api/safe-storage.md).
import type { SafeStorage } from 'electron';
import type { CredentialCipher } from '../core/fs/credential-file.js';

/**
 * The keychain cipher, or undefined where safeStorage cannot encrypt, or only pretends to: on Linux without a
 * secret service its `basic_text` backend encrypts with a hard-coded password, which is no protection, so there the
 * secrets stay in the 0600 files, as in browser mode, rather than claim a keychain.
 */
export function keychainCipher(
  safeStorage: Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> & {
    getSelectedStorageBackend?: () => string;
  },
  platform: NodeJS.Platform = process.platform,
): CredentialCipher | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend?.();
    if (backend === undefined || backend === 'basic_text' || backend === 'unknown') return undefined;
  }
  return {
    encrypt: (text) => safeStorage.encryptString(text).toString('base64'),
    decrypt: (text) => safeStorage.decryptString(Buffer.from(text, 'base64')),
  };
}
