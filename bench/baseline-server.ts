/**
 * The floor every Sen figure is compared with, run in its own process by api.bench.ts: bare
 * Fastify, logger off, one route answering a constant JSON envelope. Prints its origin on stdout.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/** The constant body of the baseline route: the shape of a Sen success envelope with no data. */
const BASELINE_BODY = { code: 200, message: 'success', data: null } as const;

const app = Fastify({ logger: false });
app.get('/baseline', async () => BASELINE_BODY);
// The ingest benchmark's floor: the same JSON batch parsed and dropped (tracking-ingest.bench.ts).
app.post('/baseline', { bodyLimit: 1024 * 1024 }, async () => BASELINE_BODY);

const shutdown = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
console.info(`baseline listening at http://127.0.0.1:${port}`);
