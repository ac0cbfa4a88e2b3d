// CI's static checks: lint, the migrations check and every workspace's types, as separate jobs on
// as many slots as the machine has cores (two on CI), longest first. `npm run typecheck` runs the
// workspaces one after another: on CI that one chain (about 120 s) was the phase's length while
// lint (about 45 s) left the other core idle after it. Each job's output is printed whole when it
// ends, with its time, so lines do not interleave. Exits 1 if any job failed, naming them.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// Longest first (seconds measured on CI's machine), so the short ones fill the gaps at the end.
const typecheckOrder = ['apps/server', 'apps/admin', 'apps/web', 'e2e', 'packages/contract', 'bench', 'packages/domain'];
const workspaces = rootPackage.workspaces.filter((workspace) => {
  const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
  return Boolean(manifest.scripts?.typecheck);
});
const rank = (workspace) => (typecheckOrder.includes(workspace) ? typecheckOrder.indexOf(workspace) : typecheckOrder.length);
const typechecks = [...workspaces]
  .sort((a, b) => rank(a) - rank(b))
  .map((workspace) => ({ name: `typecheck ${workspace}`, args: ['run', 'typecheck', '-w', workspace] }));

const jobs = [typechecks[0], { name: 'lint', args: ['run', 'lint'] }, ...typechecks.slice(1), { name: 'db:check', args: ['run', 'db:check'] }].filter(Boolean);

function run(job) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', job.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`── ${job.name} ──\n${output}${job.name}: ${seconds} s, exit ${code}\n`);
      resolve({ job, ok: code === 0 });
    });
  });
}

const slots = Math.max(2, availableParallelism());
const queue = [...jobs];
const results = [];
await Promise.all(
  Array.from({ length: slots }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) results.push(await run(job));
  }),
);
const failed = results.filter((result) => !result.ok).map((result) => result.job.name);
if (failed.length > 0) {
  console.log(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
