// Owns workspace trust on the command line: the roots named on the command line are trusted with --trust (for
// this run only), and folders the user trusted in the app stay trusted here (the same settings file).
import type { RootInfo } from '../../shared/types.js';
import { userDataDir } from '../core/app-data.js';
import { SettingsStore } from '../core/settings/store.js';
import { rootTrust } from '../core/settings/workspace-options.js';

export function cliTrust(trustGiven: boolean | undefined): (root: RootInfo) => boolean {
  let remembered: ReturnType<SettingsStore['get']>['trustedFolders'] | undefined;
  // The settings file is read only when a root is not trusted by the flag, and once.
  return rootTrust(trustGiven, () => (remembered ??= new SettingsStore(userDataDir()).get().trustedFolders));
}
