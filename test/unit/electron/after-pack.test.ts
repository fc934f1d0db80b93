// The afterPack hook (scripts/after-pack.cjs, issue 19): the shipped binary's fuses flipped and read back; the smoke
// build keeps only --inspect (Playwright's _electron.launch attaches through it); a wrong fuse fails loudly.
// Runs @electron/fuses for real on a stand-in binary that carries a fuse wire laid out as docs/tutorial/fuses.md
// describes (sentinel, version, length, one byte per fuse).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as FusesModule from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../helpers.js';

const require = createRequire(import.meta.url);
type Fuses = typeof FusesModule;
const fuses = require('@electron/fuses') as Fuses;
const { FuseV1Options: O, FuseVersion } = fuses;
/** docs/tutorial/fuses.md: the wire follows this sentinel; each fuse is one byte, "1" on and "0" off. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
interface AfterPack {
  (context: unknown, fuses?: unknown, env?: Record<string, string>): Promise<void>;
  executablePath(context: unknown): string;
  fuseOptions(
    options: Fuses['FuseV1Options'],
    version: Fuses['FuseVersion'],
    platform: string,
    arch: string,
    variant?: { smoke?: boolean },
  ): Record<string | number, unknown>;
}
const afterPack = require('../../../scripts/after-pack.cjs') as AfterPack;
const SCRIPT = join(REPO, 'scripts', 'after-pack.cjs');

/** An unpacked Linux app whose executable holds Electron's default fuse wire (RunAsNode, NODE_OPTIONS, --inspect on). */
function standInApp() {
  const appOutDir = mkdtempSync(join(tmpdir(), 'skillbench-fuses-'));
  mkdirSync(appOutDir, { recursive: true });
  const wire = Buffer.from('10110001', 'latin1');
  writeFileSync(
    join(appOutDir, 'skillbench'),
    Buffer.concat([Buffer.from('\x7fELF…'), Buffer.from(SENTINEL), Buffer.from([1, wire.length]), wire]),
  );
  const context = {
    electronPlatformName: 'linux',
    arch: 1,
    appOutDir,
    packager: { appInfo: { productFilename: 'Skillbench' }, executableName: 'skillbench' },
  };
  return { context, executable: join(appOutDir, 'skillbench') };
}
const wireOf = async (executable: string) => {
  const wire = (await fuses.getCurrentFuseWire(executable)) as unknown as Record<number, number>;
  const on = (fuse: number) => wire[fuse] === '1'.charCodeAt(0);
  return {
    runAsNode: on(O.RunAsNode),
    nodeOptions: on(O.EnableNodeOptionsEnvironmentVariable),
    inspect: on(O.EnableNodeCliInspectArguments),
    cookieEncryption: on(O.EnableCookieEncryption),
    asarIntegrity: on(O.EnableEmbeddedAsarIntegrityValidation),
    onlyAsar: on(O.OnlyLoadAppFromAsar),
    fileProtocol: on(O.GrantFileProtocolExtraPrivileges),
  };
};
const SHIPPED = {
  runAsNode: false,
  nodeOptions: false,
  inspect: false,
  cookieEncryption: true,
  asarIntegrity: true,
  onlyAsar: true,
  fileProtocol: false,
};

describe('fuses (afterPack)', () => {
  it('ships with --inspect off and builds the smoke app with it on, every other fuse the same', () => {
    const shipped = afterPack.fuseOptions(O, FuseVersion, 'linux', 'x64');
    const smoke = afterPack.fuseOptions(O, FuseVersion, 'linux', 'x64', { smoke: true });
    expect(shipped).toMatchObject({
      [O.RunAsNode]: false,
      [O.EnableNodeOptionsEnvironmentVariable]: false,
      [O.EnableNodeCliInspectArguments]: false,
      [O.EnableCookieEncryption]: true,
      [O.EnableEmbeddedAsarIntegrityValidation]: true,
      [O.OnlyLoadAppFromAsar]: true,
      [O.GrantFileProtocolExtraPrivileges]: false,
      resetAdHocDarwinSignature: false,
    });
    expect(smoke).toEqual({ ...shipped, [O.EnableNodeCliInspectArguments]: true });
    expect(afterPack.fuseOptions(O, FuseVersion, 'darwin', 'arm64')).toMatchObject({
      resetAdHocDarwinSignature: true,
    });
  });

  it('flips the fuses of the packed binary and reads them back', async () => {
    const { context, executable } = standInApp();
    await afterPack(context, fuses, {});
    expect(await wireOf(executable)).toEqual(SHIPPED);
  });

  it('keeps --inspect in the smoke build (SKILLBENCH_SMOKE_BUILD=1), which Playwright needs to attach', async () => {
    const { context, executable } = standInApp();
    await afterPack(context, fuses, { SKILLBENCH_SMOKE_BUILD: '1' });
    expect(await wireOf(executable)).toEqual({ ...SHIPPED, inspect: true });
  });

  it('fails the build when the read-back differs from what was flipped', async () => {
    const { context } = standInApp();
    const noFlip = { ...fuses, flipFuses: () => Promise.resolve(1) };
    await expect(afterPack(context, noFlip, {})).rejects.toThrow(/RunAsNode/);
  });

  it('checks a built app from the command line, loudly when the smoke app cannot be attached to', async () => {
    const { context, executable } = standInApp();
    await afterPack(context, fuses, {});
    expect(execFileSync(process.execPath, [SCRIPT, '--check', executable], { encoding: 'utf8' })).toMatch(
      /as shipped/,
    );
    const smoke = spawnSync(process.execPath, [SCRIPT, '--check', '--smoke', executable], {
      encoding: 'utf8',
    });
    expect(smoke.status).toBe(1);
    expect(smoke.stderr).toMatch(/EnableNodeCliInspectArguments/);
    expect(smoke.stderr).toMatch(/Playwright/);
  });

  it('finds the executable on each OS', () => {
    const ctx = (p: string) => ({
      electronPlatformName: p,
      appOutDir: '/o',
      packager: { appInfo: { productFilename: 'Skillbench' }, executableName: 'skillbench' },
    });
    expect(afterPack.executablePath(ctx('darwin'))).toBe('/o/Skillbench.app/Contents/MacOS/Skillbench');
    expect(afterPack.executablePath(ctx('win32'))).toBe('/o/Skillbench.exe');
    expect(afterPack.executablePath(ctx('linux'))).toBe('/o/skillbench');
  });
});
