import { createDatabase } from '/work/wt-perf/apps/server/src/db/database.ts';
import { SessionRepository } from '/work/wt-perf/apps/server/src/modules/auth/session.repository.ts';
import { users, sessions } from '/work/wt-perf/apps/server/src/db/schema.ts';
const database = await createDatabase({ databaseUrl: process.argv[2], dataDir: 'memory://' });
const db = database.db;
const [u] = await db.insert(users).values({ phone: '84912345678', createdAt: new Date(), updatedAt: new Date() }).returning();
await db.insert(sessions).values({ userId: u!.id, tokenHash: 'abc', loginMethod: 'password', createdAt: new Date(), expiresAt: new Date(Date.now() + 1e9) });
const sr = new SessionRepository(db);
for (const conc of [1, 8, 64]) {
  const n = 1024;
  const t = performance.now(); const c0 = process.cpuUsage();
  let i = 0;
  await Promise.all(Array.from({ length: conc }, async () => { while (i++ < n) await sr.findActive('abc', new Date()); }));
  const c = process.cpuUsage(c0);
  console.log('conc', conc, ((performance.now() - t) / n * 1000).toFixed(0), 'µs wall/q', ((c.user + c.system) / n).toFixed(0), 'µs cpu/q');
}
await database.close();
