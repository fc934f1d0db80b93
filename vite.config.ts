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
  },
});
