// `npm start`: the whole product on one machine — builds what is missing or stale (web app, back
// office and server bundle), then runs the compiled server, which serves the API, the built web
// app and the back office under /admin (embedded PGlite in ./data unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { ensureServerBuild, serverEntry } from './server-build.mjs';
import { buildAdmin, buildWeb } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
buildWeb();
buildAdmin();
await ensureServerBuild();
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
