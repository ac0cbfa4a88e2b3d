import { createDatabase } from '/work/wt-perf/apps/server/src/db/database.ts';
import { SessionRepository } from '/work/wt-perf/apps/server/src/modules/auth/session.repository.ts';
import { UserRepository } from '/work/wt-perf/apps/server/src/modules/user/user.repository.ts';
import { users, sessions } from '/work/wt-perf/apps/server/src/db/schema.ts';
import { sql, and, eq, gt, isNull } from 'drizzle-orm';
const database = await createDatabase({ databaseUrl: process.argv[2], dataDir: 'memory://' });
const db = database.db;
const [u] = await db.insert(users).values({ phone: '84912345678', createdAt: new Date(), updatedAt: new Date() }).returning();
await db.insert(sessions).values({ userId: u!.id, tokenHash: 'abc', loginMethod: 'password', createdAt: new Date(), expiresAt: new Date(Date.now() + 1e9) });
const sr = new SessionRepository(db); const ur = new UserRepository(db);
async function time(name: string, fn: () => Promise<unknown>, n = 2000) {
  for (let i = 0; i < 200; i++) await fn();
  const t = performance.now(); const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(20), ((performance.now() - t) / n * 1000).toFixed(0).padStart(6), 'µs wall', ((c.user + c.system) / n).toFixed(0).padStart(6), 'µs cpu');
}
const prepared = db.select({ sessionId: sessions.id, userId: sessions.userId, loginMethod: sessions.loginMethod, createdAt: sessions.createdAt })
  .from(sessions).where(and(eq(sessions.tokenHash, sql.placeholder('h')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now')))).limit(1).prepare('find_active');
const joined = db.select({ sessionId: sessions.id, userId: sessions.userId, loginMethod: sessions.loginMethod, createdAt: sessions.createdAt, publicId: users.publicId, phone: users.phone, passwordHash: users.passwordHash })
  .from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(and(eq(sessions.tokenHash, sql.placeholder('h')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now')))).limit(1).prepare('find_active_join');
await time('findActive', () => sr.findActive('abc', new Date()));
await time('findActive prepared', () => prepared.execute({ h: 'abc', now: new Date() }));
await time('joined prepared', () => joined.execute({ h: 'abc', now: new Date() }));
await time('findById', () => ur.findById(u!.id));
await time('select 1', () => db.execute(sql`select 1`));
console.log(await joined.execute({ h: 'abc', now: new Date() }));
await database.close();
