// `npm run build -w apps/server`: bundles the server into apps/server/dist for production
// (`node apps/server/dist/main.js`), so production runs plain JavaScript, without tsx.
// The workspace packages (@sen/contract, @sen/domain) are TypeScript source (decision 001), so
// they are bundled in; every other package stays external and is loaded from node_modules
// (native argon2, PGlite's wasm and pino resolve their own files).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('.', import.meta.url));

const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@sen/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Builds into `outdir`, which must sit directly in apps/server (src/paths.ts finds the package
 * folder, and from it the migrations and the web build, one level up from the bundle).
 */
export async function buildServer({ outdir = `${serverRoot}dist` } = {}) {
  await build({
    absWorkingDir: serverRoot,
    entryPoints: { main: 'src/main.ts', 'migrate-main': 'src/migrate-main.ts' },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log('Server built into apps/server/dist.');
}
