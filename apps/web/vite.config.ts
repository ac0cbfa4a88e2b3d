import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The web app. `npm run dev -w apps/web` proxies /api to the server on :8080; `vite build` writes
 * apps/web/dist with content-hashed assets under /assets/, which the server serves.
 *
 * React 19 lives in apps/web/node_modules while npm hoisted a React 18 to the root for packages
 * whose peer range stops at 18 (antd-mobile's @react-spring, @testing-library/react). Every import
 * of react / react-dom is pinned to the app's React 19 (dedupe + alias); tests inline the packages
 * that import React so the same pin applies to them.
 */
const appModules = fileURLToPath(new URL('./node_modules/', import.meta.url));

/** A file inside an installed package, found like Node would (app first, then the workspace root). */
function packageFile(relativePath: string): string {
  const candidates = [new URL(`./node_modules/${relativePath}`, import.meta.url), new URL(`../../node_modules/${relativePath}`, import.meta.url)];
  const found = candidates.map((url) => fileURLToPath(url)).find((path) => existsSync(path));
  return found ?? relativePath;
}

export default defineConfig({
  plugins: [react()],
  resolve: {
    dedupe: ['react', 'react-dom'],
    alias: [
      { find: /^react$/, replacement: `${appModules}react/index.js` },
      { find: /^react\/(.*)$/, replacement: `${appModules}react/$1` },
      { find: /^react-dom$/, replacement: `${appModules}react-dom/index.js` },
      { find: /^react-dom\/(.*)$/, replacement: `${appModules}react-dom/$1` },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Keep images as files (never inlined) so format detection picks a real avif/webp/png URL.
    assetsInlineLimit: 0,
    sourcemap: false,
  },
  test: {
    // antd-mobile's ES build imports CSS, so it must go through Vite rather than Node.
    server: { deps: { inline: [/antd-mobile/, /@testing-library[\\/]react/] } },
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: ['react', 'react-dom', 'react-dom/client', 'react-i18next', 'react-router', 'antd-mobile', 'zustand', 'zustand/middleware'],
        },
      },
    },
    alias: [
      // Their CommonJS entries would be loaded natively with the hoisted React 18; use the ES builds, inlined.
      { find: /^@testing-library\/react$/, replacement: packageFile('@testing-library/react/dist/@testing-library/react.esm.js') },
      { find: /^antd-mobile$/, replacement: packageFile('antd-mobile/es/index.js') },
      { find: /^react-router$/, replacement: packageFile('react-router/dist/development/index.mjs') },
      { find: /^react-i18next$/, replacement: packageFile('react-i18next/dist/es/index.js') },
      { find: /^zustand$/, replacement: packageFile('zustand/esm/index.mjs') },
      { find: /^zustand\/middleware$/, replacement: packageFile('zustand/esm/middleware.mjs') },
    ],
  },
});
