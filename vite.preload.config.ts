import { defineConfig } from 'vite';

// The preload runs in Electron's sandbox, which loads exactly one CommonJS file: bundle it, leaving only
// `electron` to require. It imports the contract's names alone (shared/ipc-names.ts, never the TypeBox schemas of
// shared/ipc.ts; lint enforces it and test/integration/packaging.test.ts checks the bundle).
export default defineConfig({
  build: {
    outDir: 'dist/preload',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    target: 'node20',
    lib: { entry: 'electron/preload/index.ts', formats: ['cjs'], fileName: () => 'index.cjs' },
    rollupOptions: { external: ['electron'] },
  },
});
