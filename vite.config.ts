import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { META_CONTENT_SECURITY_POLICY } from './shared/csp.js';

/** Writes the page's Content Security Policy (shared/csp.ts, its one home) into index.html. */
const contentSecurityPolicy: Plugin = {
  name: 'skillbench-csp',
  transformIndexHtml: (html) => html.replace('%SKILLBENCH_CSP%', META_CONTENT_SECURITY_POLICY),
};

// The renderer is built with relative asset paths so the same output serves from app:// and from `skillbench serve`.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), contentSecurityPolicy],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: false,
    // Monaco is one lazily loaded chunk of about 3.7 MB, read from disk (or loopback), never from a network.
    chunkSizeWarningLimit: 4096,
  },
});
