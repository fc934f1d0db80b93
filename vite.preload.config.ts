import { defineConfig } from 'vite';

// The preload runs in Electron's sandbox, which loads exactly one CommonJS file: bundle it, leaving only
// `electron` to require. It needs the contract's names only (shared/ipc-names.ts, re-exported by shared/ipc.ts):
// the contract module builds nothing but schema objects at load time, so it is marked free of side effects and
// its TypeBox schemas are left out of the bundle (issue 19; test/integration/packaging.test.ts checks the bundle).
export default defineConfig({
  build: {
    outDir: 'dist/preload',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    target: 'node20',
    lib: { entry: 'electron/preload/index.ts', formats: ['cjs'], fileName: () => 'index.cjs' },
    rollupOptions: {
      external: ['electron'],
      treeshake: {
        moduleSideEffects: (id) => !/[\\/]shared[\\/]ipc\.ts$/.test(id) && !id.includes('@sinclair/typebox'),
      },
    },
  },
});
