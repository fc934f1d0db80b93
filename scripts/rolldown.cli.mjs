// The `skillbench` command's bundle (issue 14): tsc's output of the CLI (dist/electron/cli) and what it imports of
// core, host and shared, joined into a few files in dist/cli so Node's module loader reads 2-10 files at startup
// instead of 75-90. Each command stays its own chunk (the CLI's dynamic imports), packages stay in node_modules
// (loaded from there, as test/integration/cli-imports.test.ts traces them), and the validation worker is a second
// entry beside the chunk that starts it (`new URL('./validate-worker.js', import.meta.url)` in core/skills/parallel.ts).
// The Electron main process keeps tsc's output.
const bare = (id) =>
  !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:[\\/]/.test(id);

export default {
  input: {
    index: 'dist/electron/cli/index.js',
    'validate-worker': 'dist/electron/core/skills/validate-worker.js',
  },
  external: bare,
  platform: 'node',
  output: {
    dir: 'dist/cli',
    cleanDir: true, // no chunk of an earlier build is left beside the new ones (their hashes change)
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    // Stack traces name the TypeScript's output files, and the import test maps each chunk back to its modules.
    sourcemap: true,
  },
};
