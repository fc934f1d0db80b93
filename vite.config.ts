import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { META_CONTENT_SECURITY_POLICY } from './shared/csp.js';

/** Writes the page's Content Security Policy (shared/csp.ts, its one home) into index.html. */
const contentSecurityPolicy: Plugin = {
  name: 'skillbench-csp',
  transformIndexHtml: (html) => html.replace('%SKILLBENCH_CSP%', META_CONTENT_SECURITY_POLICY),
};

/**
 * Monaco modules that `editor.api` imports but the app never reaches, each replaced by a stub that keeps the names its
 * importers use and throws if one is ever constructed (issue 14: only the editor features the app uses are built).
 * Each is safe because the app never calls what leads to it:
 * - the diff and multi-file diff editors: only `monaco.editor.createDiffEditor` / `createMultiFileDiffEditor` build them;
 * - GPU rendering: built only with `experimentalGpuAcceleration: 'on'`, which the app never sets (EDITOR_OPTIONS).
 * `test/e2e/editor.spec.ts` runs the editor with these stubs; `test/integration/renderer-initial-js.test.ts` checks
 * the build holds the stubs, not the modules.
 */
export const MONACO_STUBS: Record<string, { what: string; exports: string[] }> = {
  'vs/editor/browser/widget/diffEditor/diffEditorWidget.js': {
    what: 'diff editor',
    exports: ['DiffEditorWidget'],
  },
  'vs/editor/browser/widget/multiDiffEditor/multiDiffEditorWidget.js': {
    what: 'multi-file diff editor',
    exports: ['MultiDiffEditorWidget'],
  },
  'vs/editor/browser/gpu/viewGpuContext.js': { what: 'GPU rendering', exports: ['ViewGpuContext'] },
  'vs/editor/browser/viewParts/viewLinesGpu/viewLinesGpu.js': {
    what: 'GPU rendering',
    exports: ['ViewLinesGpu'],
  },
  'vs/editor/browser/viewParts/gpuMark/gpuMark.js': { what: 'GPU rendering', exports: ['GpuMarkOverlay'] },
  'vs/editor/browser/viewParts/rulersGpu/rulersGpu.js': { what: 'GPU rendering', exports: ['RulersGpu'] },
};

export const MONACO_STUB_MESSAGE = "Skillbench's build leaves out this part of Monaco";

const monacoStubs: Plugin = {
  name: 'skillbench-monaco-stubs',
  enforce: 'pre',
  load(id) {
    const path = id.split('?')[0]!.replaceAll('\\', '/');
    const esm = '/monaco-editor/esm/';
    const at = path.lastIndexOf(esm);
    const stub = at === -1 ? undefined : MONACO_STUBS[path.slice(at + esm.length)];
    if (!stub) return null;
    const message = JSON.stringify(
      `${MONACO_STUB_MESSAGE} (the ${stub.what}): the app does not use it (vite.config.ts).`,
    );
    return stub.exports
      .map((name) => `export class ${name} { constructor() { throw new Error(${message}); } }`)
      .join('\n');
  },
};

// The renderer is built with relative asset paths so the same output serves from app:// and from `skillbench serve`.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), contentSecurityPolicy, monacoStubs],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: false,
    // Monaco is one lazily loaded chunk of about 3.7 MB, read from disk (or loopback), never from a network.
    chunkSizeWarningLimit: 4096,
  },
});
