import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from '../web/build/sen-build-plugin.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Writes .br and .gz twins of every text file, as the web build does (the server serves them). */
function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'sen-admin-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (outDir) precompress(outDir);
    },
  };
}

/**
 * The back office (decision 093): its own bundle under /admin/, never loaded by the borrower app.
 * `npm run dev -w apps/admin` proxies /api to the server on :8080; `vite build` writes
 * apps/admin/dist, which the server serves under /admin with its own SPA fallback.
 */
export default defineConfig(({ mode }) => ({
  base: '/admin/',
  root: here,
  plugins: [react(), precompressPlugin()],
  resolve: { dedupe: ['react', 'react-dom'] },
  // Answers are checked against the contract's response schemas in development and tests only.
  define: { __SEN_CHECK_RESPONSES__: JSON.stringify(mode !== 'production') },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    modulePreload: { polyfill: false },
    // antd is large; the pages are lazy routes, so this is one shared vendor chunk on first load.
    chunkSizeWarningLimit: 1500,
  },
}));
