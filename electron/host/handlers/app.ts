// `app:*`: the app's version and folders, and what only the hosting process can do (open a link, pick a folder).
import { SkillError } from '../../../shared/errors.js';
import { isSafeExternalUrl } from '../../../shared/urls.js';
import { checkFolder } from '../../core/fs/folder-check.js';
import { packageVersion } from '../../core/paths.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';

export function appHandlers(ctx: HostContext): AreaHandlers<'app'> {
  const { options } = ctx;
  return {
    'app:get-version': () => ({ version: packageVersion(), platform: process.platform }),
    'app:get-paths': () => ({
      userData: options.userDataDir,
      history: ctx.workspace.history?.file ?? '',
      settings: ctx.settings.file,
      bundledSkills: options.bundledSkills,
    }),
    'app:get-notices': () => ctx.notices(),
    'app:open-external': async ({ url }) => {
      if (!isSafeExternalUrl(url))
        throw new SkillError(
          'PermissionDenied',
          `Only http(s) links without credentials open outside the app, not "${url.slice(0, 100)}".`,
        );
      if (!options.platform?.openExternal) return { opened: false }; // browser mode: the page opens it itself
      await options.platform.openExternal(url);
      return { opened: true };
    },
    'app:take-open-requests': () => options.platform?.takeOpenRequests?.() ?? [],
    'app:check-folder': ({ path }) => checkFolder(path),
    'app:pick-folder': async ({ title }) => {
      if (!options.platform?.pickFolder)
        throw new SkillError(
          'Disabled',
          'There is no folder dialog in browser mode: type the folder path instead.',
        );
      return { path: (await options.platform.pickFolder(title ?? 'Choose a folder')) ?? null };
    },
  };
}
