import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from './logger.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('lazy request loggers (issue 21)', () => {
  it('builds the child only for a line at an enabled level, with the request id bound', async () => {
    const { lines, stream } = capture();
    const parent = pino({ level: 'warn' }, stream);
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLoggerFactory(parent, { reqId: 'req-1' }, {});
    log.info('not written');
    log.debug({ detail: 1 }, 'not written either');
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
    log.warn({ reason: 'x' }, 'written');
    log.error('written too');
    await new Promise((resolve) => setImmediate(resolve));
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-1', 'written'],
      ['req-1', 'written too'],
    ]);
  });

  it('honours a level of its own (a route log level)', async () => {
    const { lines, stream } = capture();
    const parent = pino({ level: 'warn' }, stream);
    const log = lazyChildLoggerFactory(parent, { reqId: 'req-2' }, { level: 'debug' });
    log.debug('written at the route level');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => line.msg)).toEqual(['written at the route level']);
  });
});
