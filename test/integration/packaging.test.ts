// Packaging, tested honestly without Electron's zip: the config against electron-builder's own schema, and a real
// electron-builder run with a stand-in Electron folder whose app.asar and resources are then inspected.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultPaths } from '../../electron/main/app.js';
import { FIXTURES, REPO } from '../helpers.js';

const require = createRequire(import.meta.url);
const config = parse(readFileSync(join(REPO, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

describe('electron-builder.yml', () => {
  const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
  const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);

  it("is valid against electron-builder's own configuration schema", () => {
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
  });

  it('would catch a misspelt option (the schema check is real)', () => {
    expect(validate({ ...config, nsis: { ...(config.nsis as object), oneClik: false } })).toBe(false);
  });

  it('declares what the installers need', () => {
    expect(config).toMatchObject({
      appId: 'dev.skillbench.app',
      productName: 'Skillbench',
      asar: true,
      afterPack: './scripts/after-pack.cjs',
      artifactName: '${productName}-${version}-${os}-${arch}.${ext}',
      extraResources: [{ from: 'skills', to: 'skills' }],
      mac: {
        category: 'public.app-category.developer-tools',
        hardenedRuntime: true,
        entitlements: 'build/entitlements.mac.plist',
      },
      nsis: {
        oneClick: false,
        perMachine: false,
        allowToChangeInstallationDirectory: true,
        createDesktopShortcut: true,
      },
      linux: { category: 'Development', target: ['AppImage', 'deb', 'rpm'] },
    });
    expect(JSON.stringify(config.mac)).toContain('"dmg"');
    expect(JSON.stringify(config.win)).toContain('"arm64"');
    expect(existsSync(join(REPO, 'build', 'icon.png'))).toBe(true);
    expect(readFileSync(join(REPO, 'build', 'icon.png')).readUInt32BE(16)).toBe(1024); // PNG width
  });
});

describe('packaging smoke test (stand-in electronDist)', () => {
  let out: string;
  let files: string[];

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'skillbench-pack-'));
    mkdirSync(out, { recursive: true });
    execFileSync(
      process.execPath,
      [
        require.resolve('electron-builder/cli.js'),
        '--linux',
        'dir',
        '--publish',
        'never',
        `-c.electronDist=${join(FIXTURES, 'packaging', 'electron-dist')}`,
        '-c.electronVersion=45.5.0',
        `-c.afterPack=${join(FIXTURES, 'packaging', 'no-fuses.cjs')}`,
        `-c.directories.output=${out}`,
      ],
      { cwd: REPO, stdio: 'pipe', env: { ...process.env, CI: 'true' } },
    );
    const asar = require('@electron/asar') as { listPackage(path: string, options: object): string[] };
    files = asar
      .listPackage(join(out, 'linux-unpacked', 'resources', 'app.asar'), {})
      .map((f) => f.replace(/\\/g, '/'));
  }, 240_000);

  it('packs main, preload, renderer and the production dependencies into app.asar', () => {
    for (const f of [
      '/package.json',
      '/dist/electron/main/index.js',
      '/dist/electron/host/host.js',
      '/dist/shared/ipc.js',
      '/dist/preload/index.cjs',
      '/dist/renderer/index.html',
      '/node_modules/yaml/package.json',
      '/node_modules/@modelcontextprotocol/sdk/package.json',
      '/node_modules/@sinclair/typebox/package.json',
      '/node_modules/ws/package.json',
    ]) {
      expect(files, f).toContain(f);
    }
  });

  it('leaves out sources, tests, source maps and dev dependencies', () => {
    const unwanted = files.filter(
      (f) =>
        /\.map$/.test(f) ||
        /\.ts$/.test(f) ||
        f.startsWith('/electron/') ||
        f.startsWith('/test/') ||
        f.startsWith('/renderer/') ||
        f.startsWith('/skills/') ||
        /^\/node_modules\/(vitest|typescript|electron|electron-builder|eslint|vite|@playwright|@modelcontextprotocol\/server-everything)\//.test(
          f,
        ),
    );
    expect(unwanted).toEqual([]);
  });

  it('ships the bundled skills unpacked next to app.asar, where the packaged app looks for them', () => {
    const resources = join(out, 'linux-unpacked', 'resources');
    expect(existsSync(join(resources, 'skills', 'text-toolkit', 'SKILL.md'))).toBe(true);
    expect(existsSync(join(resources, 'skills', '.skillbench', 'mcp.json'))).toBe(true);
    expect(defaultPaths(resources).bundledSkills).toBe(join(resources, 'skills'));
    expect(existsSync(join(out, 'linux-unpacked', 'skillbench'))).toBe(true);
  });
});

describe('runtime resources in development', () => {
  it('finds the renderer, the preload and the bundled skills of the checkout', () => {
    const paths = defaultPaths(undefined);
    expect(paths).toEqual({
      renderer: join(REPO, 'dist', 'renderer'),
      preload: join(REPO, 'dist', 'preload', 'index.cjs'),
      bundledSkills: join(REPO, 'skills'),
    });
    expect(existsSync(join(paths.renderer, 'index.html'))).toBe(true);
    expect(existsSync(paths.preload)).toBe(true);
    expect(defaultPaths('/nowhere/resources').bundledSkills).toBe(join(REPO, 'skills'));
  });
});
