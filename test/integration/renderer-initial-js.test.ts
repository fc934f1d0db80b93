// The renderer's first paint stays within its JS budget (issue 14: initial JS < 350 kB): the views it does not need
// (servers, history, settings, Add skills, server requests, the schema form, YAML, the contract's schemas) load on
// first use; Monaco is built without the modules the app never reaches. Builds the renderer with the project's Vite
// config into a temporary folder, so it checks this code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type Rolldown } from 'vite';
import { INITIAL_JS_BUDGET, initialJs } from '../../bench/initial-js.js';
import { REPO } from '../helpers.js';
import { MONACO_STUB_MESSAGE, MONACO_STUBS } from '../../vite.config.js';

const outDir = mkdtempSync(join(tmpdir(), 'skillbench-renderer-'));
let output: Rolldown.OutputChunk[] = [];

beforeAll(async () => {
  // As `npm run build:renderer` builds it: Vitest's NODE_ENV=test would select React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    configFile: join(REPO, 'vite.config.ts'),
    root: join(REPO, 'renderer'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  output = outputs.flatMap((o) => o.output.filter((c): c is Rolldown.OutputChunk => c.type === 'chunk'));
}, 300_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The source modules in the chunks index.html loads up front, biggest first, as "path (bytes)". */
function initialModules(): { id: string; bytes: number }[] {
  const files = new Set(initialJs(outDir).chunks.map((c) => c.file));
  return output
    .filter((c) => files.has(c.fileName))
    .flatMap((c) =>
      Object.entries(c.modules).map(([id, m]) => ({ id: relative(REPO, id), bytes: m.renderedLength })),
    )
    .sort((a, b) => b.bytes - a.bytes);
}

describe('the renderer build', () => {
  test('loads at most the initial JS budget before the first paint', () => {
    const { chunks, bytes } = initialJs(outDir);
    expect(chunks.length).toBeGreaterThan(0);
    const biggest = initialModules()
      .slice(0, 12)
      .map((m) => `${m.id} ${m.bytes}`)
      .join('\n  ');
    expect(
      bytes,
      `initial JS is ${bytes} bytes (${chunks.map((c) => c.file).join(', ')}), over the ${INITIAL_JS_BUDGET} budget; ` +
        `load what the first paint does not need with React.lazy. Biggest modules (bytes before minifying):\n  ${biggest}`,
    ).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  test('keeps the views a first paint does not need out of the initial chunks', () => {
    const ids = initialModules().map((m) => m.id);
    const lazy = [
      'renderer/src/servers/ServersView.tsx',
      'renderer/src/servers/ClientRequests.tsx',
      'renderer/src/history/HistoryView.tsx',
      'renderer/src/settings/SettingsView.tsx',
      'renderer/src/manage/AddSkillsPanel.tsx',
      'renderer/src/runner/schema-form/SchemaForm.tsx',
      'renderer/src/runner/schema-form/editors/',
      'renderer/src/editor/EditorView.tsx',
      'node_modules/yaml/',
      'node_modules/@sinclair/typebox/',
      'node_modules/@cfworker/json-schema/',
      'node_modules/monaco-editor/',
    ];
    expect(lazy.filter((path) => ids.some((id) => id.startsWith(path)))).toEqual([]);
    // The check sees the modules at all: the app's shell is in them.
    expect(ids).toContain('renderer/src/App.tsx');
  });

  test('builds Monaco with stubs for the editor parts the app never reaches, and none of their code', () => {
    const modules = output.flatMap((c) =>
      Object.entries(c.modules).map(([id, m]) => ({
        id: relative(REPO, id).replaceAll('\\', '/'),
        bytes: m.renderedLength,
        code: m.code ?? '',
      })),
    );
    for (const path of Object.keys(MONACO_STUBS)) {
      const stub = modules.find((m) => m.id === `node_modules/monaco-editor/esm/${path}`);
      expect(stub?.code, path).toContain(MONACO_STUB_MESSAGE);
      expect(stub!.bytes, path).toBeLessThan(400);
    }
    // What only the stubbed modules imported is gone with them: the diff editor's parts, the GPU renderer.
    const left = modules.filter(
      (m) =>
        (m.id.includes('/vs/editor/browser/widget/diffEditor/') ||
          m.id.includes('/vs/editor/browser/widget/multiDiffEditor/') ||
          m.id.includes('/vs/editor/browser/gpu/')) &&
        !(m.id.slice(m.id.indexOf('/vs/') + 1) in MONACO_STUBS),
    );
    expect(left.map((m) => m.id)).toEqual([]);
    // The check sees Monaco at all: its editor widget is built.
    expect(
      modules.some((m) => m.id.endsWith('vs/editor/browser/widget/codeEditor/codeEditorWidget.js')),
    ).toBe(true);
  });
});
