/**
 * The server's entry (`node apps/server/dist/main.js`, `npm start`). Tracing must patch http, pg,
 * Fastify and pino before they load, so everything else is imported after it, dynamically; with no
 * OTEL_EXPORTER_OTLP_ENDPOINT the tracing module is never imported and no OpenTelemetry code loads
 * (decision 105).
 */
const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() ? await import('./tracing.ts') : null;
const { serve, startFailure } = await import('./serve.ts');

export {};

serve(tracing ? { onClose: tracing.shutdownTracing } : {}).catch((error: unknown) => {
  console.error('Sen failed to start:', startFailure(error));
  process.exit(1);
});
