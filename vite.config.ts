import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer is built with relative asset paths so the same output serves from app:// and from `skillbench serve`.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: false,
    // Monaco is one lazily loaded chunk of about 3.7 MB, read from disk (or loopback), never from a network.
    chunkSizeWarningLimit: 4096,
  },
});
