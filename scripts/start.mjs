// `npm start`: the whole product on one machine — builds what is missing, then runs the server,
// which serves the API and the built web app (embedded PGlite in ./data unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { buildWeb } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
buildWeb();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
