// electron-builder afterPack hook: flips Electron's fuses in the packaged binary before it is signed, then reads them
// back (a build whose fuses are not what we ship fails). RunAsNode off, NODE_OPTIONS and --inspect off, cookies
// encrypted, the app loaded only from app.asar. Electron validates app.asar's integrity on macOS and Windows only
// (docs/tutorial/asar-integrity.md): on Linux the integrity fuse does nothing, and OnlyLoadAppFromAsar only stops a
// loose app/ folder from being loaded instead.
//
// SKILLBENCH_SMOKE_BUILD=1 builds the one variant that keeps --inspect: Playwright's _electron.launch attaches
// through it, so the release workflow runs its smoke suite on that build and ships the other (issue 19).
//
// `node scripts/after-pack.cjs --check [--smoke] <executable>...` reads the fuses of built apps back, and exits 1
// naming every fuse that differs.
const path = require('node:path');

// One byte per fuse in the binary's fuse wire: "1" (0x31) on, "0" (0x30) off (docs/tutorial/fuses.md).
const FUSE_ON = 0x31;
const FUSE_OFF = 0x30;

function fuseOptions(FuseV1Options, FuseVersion, platform, arch, { smoke = false } = {}) {
  return {
    version: FuseVersion.V1,
    // arm64 macOS binaries are ad-hoc signed: flipping invalidates that signature, so it is redone.
    resetAdHocDarwinSignature: platform === 'darwin' && arch === 'arm64',
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: smoke,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    // The renderer is served from app://, never file://: file:// pages get no extra privileges (issue 12).
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
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

/** Reads the fuse wire of `executable` and throws, naming each fuse, when it differs from `expected`. */
async function verifyFuses(executable, expected, fuses) {
  const { getCurrentFuseWire, FuseV1Options } = fuses;
  const wire = await getCurrentFuseWire(executable);
  const wrong = Object.keys(expected)
    .filter((key) => /^\d+$/.test(key))
    .filter((key) => wire[key] !== (expected[key] ? FUSE_ON : FUSE_OFF))
    .map((key) => `${FuseV1Options[key]} should be ${expected[key] ? 'on' : 'off'}`);
  if (wrong.length > 0) {
    const inspect = FuseV1Options[FuseV1Options.EnableNodeCliInspectArguments];
    const hint = wrong.some((w) => w.startsWith(`${inspect} should be on`))
      ? ' Playwright cannot attach to this build: build the smoke app with SKILLBENCH_SMOKE_BUILD=1.'
      : '';
    throw new Error(`Fuses of ${executable} are not as built: ${wrong.join('; ')}.${hint}`);
  }
}

const ARCH_NAMES = { 0: 'ia32', 1: 'x64', 2: 'armv7l', 3: 'arm64', 4: 'universal' };

async function afterPack(context, fuses = require('@electron/fuses'), env = process.env) {
  const { flipFuses, FuseV1Options, FuseVersion } = fuses;
  const arch = typeof context.arch === 'number' ? ARCH_NAMES[context.arch] : context.arch;
  const smoke = env.SKILLBENCH_SMOKE_BUILD === '1';
  const options = fuseOptions(FuseV1Options, FuseVersion, context.electronPlatformName, arch, { smoke });
  const executable = executablePath(context);
  await flipFuses(executable, options);
  await verifyFuses(executable, options, fuses);
}

async function check(argv, fuses = require('@electron/fuses')) {
  const smoke = argv.includes('--smoke');
  const executables = argv.filter((a) => !a.startsWith('--'));
  if (executables.length === 0) throw new Error('Usage: after-pack.cjs --check [--smoke] <executable>...');
  const expected = fuseOptions(fuses.FuseV1Options, fuses.FuseVersion, '', '', { smoke });
  for (const executable of executables) {
    await verifyFuses(executable, expected, fuses);
    console.log(`${executable}: fuses as ${smoke ? 'the smoke build needs' : 'shipped'}.`);
  }
}

if (require.main === module && process.argv.includes('--check')) {
  check(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.executablePath = executablePath;
module.exports.fuseOptions = fuseOptions;
module.exports.verifyFuses = verifyFuses;
