import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The web app. `npm run dev -w apps/web` proxies /api to the server on :8080; `vite build` writes
 * apps/web/dist with content-hashed assets under /assets/, which the server serves.
 * One React 19 for the app and its libraries: the root package.json overrides the React peer
 * range of antd-mobile's dependencies (they stop at 18 but run on 19 with antd-mobile's shim).
 */
export default defineConfig({
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom'] },
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
    server: { deps: { inline: [/antd-mobile/] } },
  },
});
