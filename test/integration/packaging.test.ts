// Packaging, tested honestly without Electron's zip: the config against electron-builder's own schema, and a real
// electron-builder run with a stand-in Electron folder whose app.asar, resources and fuses are then inspected. The
// stand-in executable carries Electron's default fuse wire (docs/tutorial/fuses.md), so the real afterPack hook
// flips it and reads it back.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { APP_USER_MODEL_ID, defaultPaths } from '../../electron/main/app.js';
import { RELEASES_URL } from '../../electron/main/updates.js';
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

describe('updates and desktop identity in the config', () => {
  it("publishes to the GitHub releases whose page the app's update check opens", () => {
    const [publish] = config.publish as Array<{ provider: string; owner: string; repo: string }>;
    expect(publish).toMatchObject({ provider: 'github', owner: 'skillbench', repo: 'skillbench' });
    expect(RELEASES_URL).toBe(`https://github.com/${publish!.owner}/${publish!.repo}/releases/latest`);
  });

  it('builds one Windows installer per architecture', () => {
    expect(config.nsis).toMatchObject({ buildUniversalInstaller: false });
    expect(config.artifactName).toContain('${arch}');
  });

  it("names the Linux .desktop file after package.json's desktopName, which Electron uses as the window's class", () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { desktopName?: string };
    const linux = config.linux as { executableName: string; syncDesktopName?: boolean };
    expect(linux.syncDesktopName).toBe(true);
    expect(pkg.desktopName).toBe(`${linux.executableName}.desktop`);
  });

  it('registers the Windows AppUserModelId main sets (notifications and the taskbar are grouped by it)', () => {
    expect(config.appId).toBe(APP_USER_MODEL_ID);
  });
});

describe('packaging smoke test (stand-in electronDist)', () => {
  const asar = require('@electron/asar') as {
    listPackage(path: string, options: object): string[];
    extractFile(archive: string, file: string): Buffer;
  };
  let out: string;
  let asarPath: string;
  let files: string[];

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'skillbench-pack-'));
    mkdirSync(out, { recursive: true });
    const electronDist = join(out, 'electron-dist');
    cpSync(join(FIXTURES, 'packaging', 'electron-dist'), electronDist, { recursive: true });
    // Electron's defaults: RunAsNode, NODE_OPTIONS, --inspect and file:// privileges on, the rest off.
    appendFileSync(join(electronDist, 'electron'), `# dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX\x01\x0810110001\n`);
    execFileSync(
      process.execPath,
      [
        require.resolve('electron-builder/cli.js'),
        '--linux',
        'dir',
        '--publish',
        'never',
        `-c.electronDist=${electronDist}`,
        '-c.electronVersion=45.5.0',
        `-c.directories.output=${join(out, 'release')}`,
      ],
      { cwd: REPO, stdio: 'pipe', env: { ...process.env, CI: 'true' } },
    );
    asarPath = join(out, 'release', 'linux-unpacked', 'resources', 'app.asar');
    files = asar.listPackage(asarPath, {}).map((f) => f.replace(/\\/g, '/'));
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
        /^\/node_modules\/(vitest|typescript|electron|electron-builder|eslint|vite|@playwright|@modelcontextprotocol\/server-everything|skills)\//.test(
          f,
        ),
    );
    expect(unwanted).toEqual([]);
  });

  it('packs only what the app runs: no CLI, no ESM copy of the preload (issue 19)', () => {
    const children = (dir: string) =>
      [
        ...new Set(files.filter((f) => f.startsWith(dir)).map((f) => f.slice(dir.length).split('/')[0])),
      ].sort();
    expect(children('/dist/')).toEqual(['electron', 'preload', 'renderer', 'shared']);
    expect(children('/dist/electron/')).toEqual(['core', 'host', 'main']);
    expect(children('/dist/preload/')).toEqual(['index.cjs']);
    expect(children('/dist/renderer/')).toEqual(['assets', 'index.html']);
  });

  it('packs only the packages main, host and core load, with what they depend on, and no typings', () => {
    // Bare specifiers in the packed code (static imports, dynamic imports, loadLater), then their dependencies.
    const code = files.filter((f) => /^\/dist\/(electron|shared)\/.*\.js$/.test(f));
    const named = new Set<string>();
    for (const f of code) {
      const text = asar.extractFile(asarPath, f.slice(1)).toString('utf8');
      for (const m of text.matchAll(
        /(?:from |import\(|loadLater(?:<[^>]*>)?\()\s*['"]((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[^'"]*)?)['"]/g,
      )) {
        const spec = m[1]!;
        if (spec.startsWith('node:') || spec === 'electron') continue;
        named.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
      }
    }
    const needed = new Set<string>();
    const visit = (name: string) => {
      if (needed.has(name)) return;
      needed.add(name);
      const manifest = JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
        optionalDependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
      };
      for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }))
        if (existsSync(join(REPO, 'node_modules', dep, 'package.json'))) visit(dep);
      for (const dep of Object.keys(manifest.optionalDependencies ?? {}))
        if (existsSync(join(REPO, 'node_modules', dep, 'package.json'))) visit(dep);
    };
    named.forEach(visit);
    const packed = new Set(
      files.flatMap((f) => {
        const m = /^\/node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*)(?:\/|$)/.exec(f);
        return m ? [m[1]!] : [];
      }),
    );
    expect([...packed].filter((p) => !needed.has(p)).sort()).toEqual([]);
    for (const renderer of ['react', 'react-dom', 'chart.js', 'react-chartjs-2'])
      expect(packed).not.toContain(renderer);
    expect(files.filter((f) => /\.d\.[mc]?ts$/.test(f))).toEqual([]);
  });

  it('keeps app.asar under 28 MB (it was 43 MB with React, Chart.js and the .d.mts/.d.cts typings)', () => {
    expect(statSync(asarPath).size).toBeLessThan(28 * 1024 * 1024);
  });

  it('packs a preload that carries the channel names but not TypeBox (issue 19)', () => {
    const preload = asar.extractFile(asarPath, 'dist/preload/index.cjs').toString('utf8');
    expect(preload).toContain('"skills:save-file"');
    expect(preload).toContain('require("electron")');
    expect(preload).not.toMatch(/typebox|TypeBox|TypeCompiler/);
    expect(preload.length).toBeLessThan(10_000);
  });

  it("flips the packed binary's fuses and reads them back (the afterPack hook)", () => {
    const executable = join(out, 'release', 'linux-unpacked', 'skillbench');
    const fuseWire = readFileSync(executable, 'latin1').split('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX')[1]!;
    // RunAsNode, cookie encryption, NODE_OPTIONS, --inspect, asar integrity, asar only, V8 snapshot, file://
    expect(fuseWire.slice(2, 10)).toBe('01001100');
    const check = (...args: string[]) =>
      execFileSync(
        process.execPath,
        [join(REPO, 'scripts', 'after-pack.cjs'), '--check', ...args, executable],
        {
          encoding: 'utf8',
          stdio: 'pipe',
        },
      );
    expect(check()).toMatch(/as shipped/);
    expect(() => check('--smoke')).toThrow(/EnableNodeCliInspectArguments should be on/);
  });

  it('writes the update feed into resources/app-update.yml and desktopName into the packed package.json', () => {
    const resources = join(out, 'release', 'linux-unpacked', 'resources');
    expect(parse(readFileSync(join(resources, 'app-update.yml'), 'utf8'))).toMatchObject({
      provider: 'github',
      owner: 'skillbench',
      repo: 'skillbench',
    });
    const packed = JSON.parse(asar.extractFile(asarPath, 'package.json').toString('utf8')) as {
      desktopName?: string;
    };
    expect(packed.desktopName).toBe('skillbench.desktop');
  });

  it('ships the bundled skills unpacked next to app.asar, where the packaged app looks for them', () => {
    const resources = join(out, 'release', 'linux-unpacked', 'resources');
    expect(existsSync(join(resources, 'skills', 'text-toolkit', 'SKILL.md'))).toBe(true);
    expect(existsSync(join(resources, 'skills', '.skillbench', 'mcp.json'))).toBe(true);
    expect(defaultPaths(resources).bundledSkills).toBe(join(resources, 'skills'));
    expect(existsSync(join(out, 'release', 'linux-unpacked', 'skillbench'))).toBe(true);
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

describe('the release workflow (what its real run proves is in the README)', () => {
  type Step = { name?: string; run?: string; if?: string; env?: Record<string, string> };
  const workflow = parse(readFileSync(join(REPO, '.github', 'workflows', 'release.yml'), 'utf8')) as {
    jobs: { build: { steps: Step[]; strategy: { matrix: { include: Array<Record<string, string>> } } } };
  };
  const steps = workflow.jobs.build.steps;
  const at = (test: (s: Step) => boolean) => steps.findIndex(test);

  it('runs the smoke suite on a build that keeps --inspect, after checking Playwright can attach to it', () => {
    const smokeBuild = at((s) => s.env?.SKILLBENCH_SMOKE_BUILD === '1');
    const attachCheck = at((s) =>
      /after-pack\.cjs --check --smoke "\$\{\{ matrix\.smoke_app \}\}"/.test(s.run ?? ''),
    );
    const suites = steps.filter((s) => s.env?.SKILLBENCH_APP === '${{ matrix.smoke_app }}');
    expect(steps[smokeBuild]?.run).toMatch(/electron-builder .* dir .*-c\.directories\.output=smoke/);
    expect(smokeBuild).toBeGreaterThan(-1);
    expect(attachCheck).toBeGreaterThan(smokeBuild);
    expect(suites.map((s) => s.if).sort()).toEqual(["runner.os != 'Linux'", "runner.os == 'Linux'"]);
    for (const suite of suites) {
      expect(steps.indexOf(suite)).toBeGreaterThan(attachCheck);
      expect(suite.run).toMatch(/playwright test --config test\/electron\/playwright\.config\.ts/);
    }
    for (const os of workflow.jobs.build.strategy.matrix.include) expect(os.smoke_app).toMatch(/^smoke\//);
    expect(at((s) => /apparmor_restrict_unprivileged_userns=0/.test(s.run ?? ''))).toBeGreaterThan(-1);
  });

  it('then builds the installers without the smoke variable and reads their fuses back', () => {
    const installers = at((s) =>
      /electron-builder \$\{\{ matrix\.dist \}\} --publish never/.test(s.run ?? ''),
    );
    const readBack = at((s) => /after-pack\.cjs --check \$\{\{ matrix\.shipped \}\}/.test(s.run ?? ''));
    const lastSuite = Math.max(...steps.flatMap((s, i) => (s.env?.SKILLBENCH_APP ? [i] : [])));
    expect(installers).toBeGreaterThan(lastSuite);
    expect(steps[installers]?.env?.SKILLBENCH_SMOKE_BUILD).toBeUndefined();
    expect(readBack).toBeGreaterThan(installers);
    for (const os of workflow.jobs.build.strategy.matrix.include)
      for (const app of os.shipped!.split(' ')) expect(app).toMatch(/^release\//);
  });

  it('uploads the update metadata with the installers, and marks a signed build as one that installs updates', () => {
    const installers = steps.find((s) =>
      /electron-builder \$\{\{ matrix\.dist \}\} --publish never/.test(s.run ?? ''),
    );
    expect(installers?.run).toMatch(/else signed="-c\.extraMetadata\.skillbenchSignedBuild=true"/);
    expect(installers?.run).toMatch(/--publish never \$signed$/m);
    const upload = steps.find((s) =>
      (s as { uses?: string }).uses?.startsWith('actions/upload-artifact@'),
    ) as {
      with: { path: string };
    };
    expect(upload.with.path.split('\n').map((l) => l.trim())).toEqual(
      expect.arrayContaining(['release/latest*.yml', 'release/*.blockmap']),
    );
  });
});
