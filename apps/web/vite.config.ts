import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { endpointTablePlugin } from './build/endpoint-table-plugin.ts';
import { pureDefinitionsPlugin } from './build/pure-definitions-plugin.ts';
import { senBuildPlugin } from './build/sen-build-plugin.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The web app. `npm run dev -w apps/web` proxies /api to the server on :8080; `vite build` writes
 * apps/web/dist with content-hashed assets under /assets/ (precompressed .br/.gz beside them),
 * which the server serves. Each route and each dictionary is its own chunk.
 * One React 19 for the app and its libraries: the root package.json overrides the React peer
 * range of antd-mobile's dependencies (they stop at 18 but run on 19 with antd-mobile's shim).
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, here, 'VITE_');
  return {
    plugins: [
      react(),
      endpointTablePlugin({ moduleFile: path.join(here, 'src/shared/request/endpoints.ts'), repositoryRoot: path.join(here, '../..'), sourceDir: path.join(here, 'src') }),
      pureDefinitionsPlugin((id) => id.includes('/packages/contract/src/') && !id.includes('.test.')),
      senBuildPlugin({ productName: env.VITE_PRODUCT_NAME || 'Sen', sourceMapDir: path.join(here, 'dist-sourcemaps') }),
    ],
    resolve: { dedupe: ['react', 'react-dom'] },
    // Answers are checked against the contract's response schemas in development and tests only: a
    // compile-time constant, so a production build drops the checks and the schemas they name.
    define: { __SEN_CHECK_RESPONSES__: JSON.stringify(mode !== 'production') },
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
      // Maps for error tools, never served: no sourceMappingURL, moved out of dist by senBuildPlugin.
      sourcemap: 'hidden',
      // The first route's modules are preloaded by the entry; lazy chunks come when a route needs them.
      modulePreload: { polyfill: false },
      rollupOptions: {
        treeshake: {
          // The contract's modules only define things (see pureDefinitionsPlugin): a chunk keeps only
          // the rules it uses, so zod stays out of the first route's JavaScript unless a rule is used.
          moduleSideEffects: (id) => !id.includes('/packages/contract/') && !id.includes('/node_modules/zod/'),
        },
        output: {
          // Tiny modules shared by lazy routes (query-key factories, small hooks) join a chunk that
          // is loaded anyway instead of each being a file: every chunk's name sits in the entry's
          // preload map, on the first route (docs/decisions/087).
          experimentalMinChunkSize: 1024,
        },
      },
    },
    test: {
      // antd-mobile's ES build imports CSS, so it must go through Vite rather than Node.
      server: { deps: { inline: [/antd-mobile/] } },
    },
  };
});
