// Owns workspace trust on the command line: the roots named on the command line are trusted with --trust (for this
// run only), and folders the user trusted in the app stay trusted here (the same settings file).
import type { RootInfo } from '../../shared/types.js';
import { userDataDir } from '../core/app-data.js';
import { isTrustedFolder } from '../core/trust.js';
import { SettingsStore } from '../host/settings-store.js';

export function cliTrust(trustGiven: boolean | undefined): (root: RootInfo) => boolean {
  let remembered: ReadonlyArray<{ path: string; identity: string }> | undefined;
  return (root) => {
    if (trustGiven && root.kind === 'project') return true;
    remembered ??= new SettingsStore(userDataDir()).get().trustedFolders;
    return isTrustedFolder(root, remembered);
  };
}
