/**
 * Prints the top frames of a V8 .cpuprofile (node --cpu-prof) by self time, and by package or
 * file, for reading a profile where there is no GUI:
 *
 *   node --import tsx bench/profile-top.ts <file.cpuprofile> [rows=25]
 *
 * Idle, GC and "(program)" are listed as they are; the percentages are of the busy time (all
 * samples except "(idle)"), so they read as shares of the CPU the process spent.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** node_modules/<pkg> (or @scope/pkg), else the path from the repo's apps/ or packages/, else the url. */
function where(url: string): string {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules?.[1]) return modules[1];
  const ours = /\/((?:apps|packages|bench)\/.*)$/.exec(url);
  if (ours?.[1]) return ours[1];
  return url.replace(/^file:\/\//, '') || '(native)';
}

function main(): void {
  const [file, rowsText] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [rows]');
  const rows = Number(rowsText ?? 25);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));

  // Self time of each node: the sum of the time deltas of the samples that landed in it.
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

  const frames = new Map<string, number>();
  const places = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    if (frame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    total += micros;
    const place = where(frame.url);
    const key = `${frame.functionName || '(anonymous)'}  ${place}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    frames.set(key, (frames.get(key) ?? 0) + micros);
    const placeKey = frame.url ? place : frame.functionName;
    places.set(placeKey, (places.get(placeKey) ?? 0) + micros);
  }

  const ms = (micros: number) => (micros / 1000).toFixed(0).padStart(7);
  const pct = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)}%`;
  console.log(`${file}\nbusy ${ms(total)} ms, idle ${ms(idle)} ms (${((100 * total) / (total + idle)).toFixed(0)}% busy)\n`);
  console.log('top frames by self time:');
  for (const [key, micros] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${ms(micros)} ms ${pct(micros)}  ${key}`);
  console.log('\nself time by package / file:');
  for (const [key, micros] of [...places].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${ms(micros)} ms ${pct(micros)}  ${key}`);
}

main();
