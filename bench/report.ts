import type { Result } from 'autocannon';

export interface Measurement {
  name: string;
  result: Result;
  /** CPU time (user + system) of the server process per request during the measurement, in µs. */
  cpuMicrosPerRequest: number;
  /** The baseline measured right before this scenario (the ratios use it when present). */
  baseline?: Result;
}

export function problemsOf(measurement: Measurement): string[] {
  const { result } = measurement;
  const problems: string[] = [];
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx responses (${JSON.stringify(result.statusCodeStats)})`);
  if (result.errors > 0) problems.push(`${result.errors} connection errors (${result.timeouts} timeouts)`);
  if (!(result.requests.average > 0) || result['2xx'] === 0) problems.push('zero throughput (no 2xx responses)');
  return problems.map((problem) => `${measurement.name}: ${problem}`);
}

function ratio(value: number, reference: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(reference) || reference <= 0) return 'n/a';
  const quotient = value / reference;
  // Two significant digits below 0.1 (argon2id login is ~0.005x), so a small ratio never prints 0.00x.
  const text = quotient >= 10 ? quotient.toFixed(1) : quotient >= 0.1 ? quotient.toFixed(2) : quotient.toPrecision(2);
  return `${text}x`;
}

function number(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/**
 * One row per scenario. "req/s vs base" is the scenario's mean req/s over the baseline's measured
 * right before it (higher is better, 1.00x = as fast as bare Fastify); "p99 vs base" is its p99
 * latency over that baseline's (lower is better). "base req/s" shows that baseline, so drift of the
 * machine's load during the run is visible.
 */
export function formatTable(baseline: Measurement, measurements: Measurement[]): string {
  const header = ['scenario', 'req/s', 'base req/s', 'req/s vs base', 'p99 ms', 'p99 vs base', 'CPU µs/req', 'CPU base/this', 'non-2xx', 'errors'];
  const rows = [baseline, ...measurements].map(({ name, result, baseline: adjacent, cpuMicrosPerRequest }) => {
    const reference = adjacent ?? baseline.result;
    return [
      name,
      number(result.requests.average, 0),
      number(reference.requests.average, 0),
      ratio(result.requests.average, reference.requests.average),
      number(result.latency.p99, 1),
      ratio(result.latency.p99, reference.latency.p99),
      number(cpuMicrosPerRequest, 0),
      ratio(baseline.cpuMicrosPerRequest, cpuMicrosPerRequest),
      String(result.non2xx),
      String(result.errors),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}
