// electron-builder afterPack hook: flips Electron's fuses in the packaged binary before it is signed.
// RunAsNode off, NODE_OPTIONS and --inspect off, cookies encrypted, the app loaded only from a verified app.asar.
const path = require('node:path');

function fuseOptions(FuseV1Options, FuseVersion, platform, arch) {
  return {
    version: FuseVersion.V1,
    // arm64 macOS binaries are ad-hoc signed: flipping invalidates that signature, so it is redone.
    resetAdHocDarwinSignature: platform === 'darwin' && arch === 'arm64',
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
  };
}

/** The packaged executable for electron-builder's context. */
function executablePath(context) {
  const platform = context.electronPlatformName;
  const name = context.packager.appInfo.productFilename;
  if (platform === 'darwin' || platform === 'mas')
    return path.join(context.appOutDir, `${name}.app`, 'Contents', 'MacOS', name);
  if (platform === 'win32') return path.join(context.appOutDir, `${name}.exe`);
  return path.join(context.appOutDir, context.packager.executableName);
}

const ARCH_NAMES = { 0: 'ia32', 1: 'x64', 2: 'armv7l', 3: 'arm64', 4: 'universal' };

async function afterPack(context, fuses = require('@electron/fuses')) {
  const { flipFuses, FuseV1Options, FuseVersion } = fuses;
  const arch = typeof context.arch === 'number' ? ARCH_NAMES[context.arch] : context.arch;
  await flipFuses(
    executablePath(context),
    fuseOptions(FuseV1Options, FuseVersion, context.electronPlatformName, arch),
  );
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.executablePath = executablePath;
module.exports.fuseOptions = fuseOptions;
