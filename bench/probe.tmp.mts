import { startSen } from '/work/wt-perf/bench/servers.ts';
import { signIn, userInfoScenario, authConfigScenario } from '/work/wt-perf/bench/scenarios.ts';
const url = process.argv[2] === 'pg' ? process.env.PGURL : undefined;
const sen = await startSen(url, { cpuProfileDir: undefined });
try {
  const token = await signIn(sen);
  for (const sc of [authConfigScenario(sen), userInfoScenario(sen, token)]) {
    const req = sc.request();
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const r = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
      await r.text();
      times.push(performance.now() - t);
    }
    console.log(sc.name, times.map((x) => x.toFixed(1)).join(' '));
  }
} finally { await sen.stop(); }
