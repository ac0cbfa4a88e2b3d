import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { setLogTraceContext } from './shared/log-trace-context.ts';

/**
 * OpenTelemetry tracing (decision 105), imported by main.ts only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set: spans of every HTTP request (server and outgoing provider calls), Fastify route and
 * hook, and PostgreSQL query, exported over OTLP/HTTP to that collector; and trace_id / span_id in
 * every log line written inside a span (a pino mixin, plugins/logger.ts). The SDK reads the other OTEL_* variables itself
 * (OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER, OTEL_RESOURCE_ATTRIBUTES ...).
 *
 * The server's modules are ESM: the import-in-the-middle hook lets the instrumentations patch
 * packages imported with `import`, and it must be registered before they load (main.ts imports the
 * server after this module).
 */
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME?.trim() || 'sen',
  traceExporter: new OTLPTraceExporter(),
  instrumentations: [
    new HttpInstrumentation({
      // The probes and metrics scrapes are noise: no spans for them.
      ignoreIncomingRequestHook: (request) => request.url?.startsWith('/health/') === true || request.url === '/metrics',
    }),
    new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    new PgInstrumentation({ requireParentSpan: true }),
  ],
});
sdk.start();

const NO_SPAN = {};
setLogTraceContext(() => {
  const context = trace.getActiveSpan()?.spanContext();
  return context ? { trace_id: context.traceId, span_id: context.spanId, trace_flags: `0${context.traceFlags.toString(16)}` } : NO_SPAN;
});

/** Sends the spans still buffered (called when the server closes). */
export async function shutdownTracing(): Promise<void> {
  await sdk.shutdown().catch(() => {});
}
