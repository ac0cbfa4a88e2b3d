import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The web app. `npm run dev -w apps/web` proxies /api to the server on :8080; `vite build` writes
 * apps/web/dist with content-hashed assets under /assets/, which the server serves.
 */
export default defineConfig({
  plugins: [react()],
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
});
