import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A server the benchmark started in a child process of its own. */
export interface ServerProcess {
  /** Origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  pid: number;
  /** CPU time (user + system) the process has used so far, in microseconds (Linux /proc; NaN elsewhere). */
  cpuMicros(): number;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s; resolves once it has exited. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Matches the line the server prints once it listens; group 1 is its port. */
  readyLine: RegExp;
  startTimeoutMs?: number;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms). */
function processCpuMicros(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `node <args>` and waits for its ready line. Its stderr and the last lines of its stdout
 * are kept for the error message when it dies or does not start in time.
 */
export function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, options.args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const remember = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stderr?.on('data', remember);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = exited(child);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await done;
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    let stdoutBuffer = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${options.name} did not start within ${options.startTimeoutMs ?? 60_000} ms:\n${output.join('')}`));
    }, options.startTimeoutMs ?? 60_000);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} exited before it listened (code ${code}, signal ${signal}):\n${output.join('')}`));
    };
    child.once('exit', onExit);
    child.stdout?.on('data', (chunk: Buffer) => {
      remember(chunk);
      stdoutBuffer += chunk.toString();
      const match = options.readyLine.exec(stdoutBuffer);
      if (!match) return;
      stdoutBuffer = '';
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout?.removeAllListeners('data');
      // Keep draining its output so a chatty server never blocks on a full pipe.
      child.stdout?.resume();
      resolve({ origin: `http://127.0.0.1:${match[1]}`, pid: child.pid ?? -1, cpuMicros: () => processCpuMicros(child.pid), stop });
    });
  });
}
