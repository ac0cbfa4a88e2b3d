import { Writable } from 'node:stream';

/** A log destination for createTestApp({ logStream }) that keeps every line written to it. */
export function createLogCapture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines };
}
