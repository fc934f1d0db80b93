// Whether the app's secrets are encrypted by the OS keychain (electron/main/keychain.ts).
import { describe, expect, it } from 'vitest';
import { keychainCipher } from '../../../electron/main/keychain.js';

const storage = (available: boolean, backend?: string) => ({
  isEncryptionAvailable: () => available,
  encryptString: (text: string) => Buffer.from(`enc:${text}`),
  decryptString: (b: Buffer) => b.toString().replace(/^enc:/, ''),
  ...(backend === undefined ? {} : { getSelectedStorageBackend: () => backend }),
});

describe('keychainCipher', () => {
  it('encrypts through safeStorage where a keychain backs it, as base64', () => {
    for (const [s, platform] of [
      [storage(true), 'darwin'],
      [storage(true), 'win32'],
      [storage(true, 'gnome_libsecret'), 'linux'],
      [storage(true, 'kwallet6'), 'linux'],
    ] as const) {
      const cipher = keychainCipher(s, platform);
      expect(cipher?.encrypt('secret')).toBe(Buffer.from('enc:secret').toString('base64'));
      expect(cipher?.decrypt(cipher.encrypt('secret'))).toBe('secret');
    }
  });

  it("gives none where safeStorage cannot encrypt, or only with Linux's hard-coded basic_text password", () => {
    expect(keychainCipher(storage(false), 'darwin')).toBeUndefined();
    expect(keychainCipher(storage(true, 'basic_text'), 'linux')).toBeUndefined();
    expect(keychainCipher(storage(true, 'unknown'), 'linux')).toBeUndefined();
  });
});
