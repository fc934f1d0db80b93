// The smallest Monaco editor chunk this build can make (issue 14): a page that imports Monaco's `editor.api` alone
// (no contribution, no language) and creates one editor, built with the app's own Vite plugins (so the same stubs
// for the diff editors and the GPU renderer). Whatever the app adds (find, suggest, hover, folding, languages) comes
// on top of it, so it bounds what leaving features out can reach.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadConfigFromFile } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Bytes of the JS the minimal page builds to, and the Monaco version it was built from. */
export async function monacoFloor() {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-monaco-floor-'));
  try {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><body><div id="e"></div><script type="module" src="./main.js"></script></body></html>\n',
    );
    writeFileSync(
      join(dir, 'main.js'),
      "import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';\n" +
        "monaco.editor.create(document.getElementById('e'), { value: '' });\n",
    );
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'junction');
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      join(root, 'vite.config.ts'),
      root,
      'silent',
    );
    const plugins = (loaded?.config.plugins ?? [])
      .flat()
      .filter((p) => p && !String(p.name).includes('react'));
    if (!plugins.some((p) => p.name === 'skillbench-monaco-stubs'))
      throw new Error(
        'vite.config.ts has no skillbench-monaco-stubs plugin: the floor would not be the app build.',
      );
    const out = join(dir, 'out');
    mkdirSync(out);
    await build({
      configFile: false,
      root: dir,
      base: './',
      logLevel: 'silent',
      plugins, // the app's own, without React's (the page has no JSX)
      build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 1 << 20 },
    });
    const assets = join(out, 'assets');
    const bytes = readdirSync(assets)
      .filter((f) => f.endsWith('.js') && !f.includes('worker'))
      .reduce((n, f) => n + statSync(join(assets, f)).size, 0);
    const pkg = JSON.parse(readFileSync(join(root, 'node_modules', 'monaco-editor', 'package.json'), 'utf8'));
    return { bytes, version: pkg.version };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node bench/monaco-floor.js`: just this figure.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bytes, version } = await monacoFloor();
  console.log(`Monaco ${version} floor (editor.api + one editor, the app's stubs): ${bytes} bytes`);
}
