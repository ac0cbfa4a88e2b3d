import { sql } from 'drizzle-orm';
import { deleteCounted } from '../db/delete-counted.ts';
import { botCheckRedemptions, jobRuns, loginBrakes, otpCodes, otpSendLog, sessions } from '../db/schema.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import type { JobDefinition } from './job-runner.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long rows no rule reads any more are kept before the clean-up deletes them. The OTP rules
 * read only a phone's newest code and the last hour of sends; a day more is kept for support
 * questions ("I never got the code"). Ended sessions are kept a week for the same reason.
 */
export const RETENTION = {
  otpCodesAfterExpiry: DAY_MS,
  otpSendLog: 2 * DAY_MS,
  sessionsAfterEnd: 7 * DAY_MS,
  /** The brake forgives failures after a quiet day (docs/decisions/033); a day more, and the row goes. */
  loginBrakesAfterLastFailure: 2 * DAY_MS,
  /** The run records of interval and by-hand job runs (a few thousand a day); daily runs stay as history. */
  intervalJobRuns: 2 * DAY_MS,
} as const;

/** Daily clean-up of expired OTPs, old send-log rows, ended sessions, old login brakes, used bot checks and old interval-job run records. */
export function cleanupSweep(uow: UnitOfWork): JobDefinition {
  return {
    name: 'cleanup',
    schedule: { daily: true },
    transactional: true,
    async run({ now }) {
      // ISO text, not Date: PostgreSQL types the parameter from the column, on both drivers.
      const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
      return {
        otpCodes: await deleteCounted(uow, sql`delete from ${otpCodes} where ${otpCodes.expiresAt} < ${before(RETENTION.otpCodesAfterExpiry)}`),
        otpSendLog: await deleteCounted(uow, sql`delete from ${otpSendLog} where ${otpSendLog.createdAt} < ${before(RETENTION.otpSendLog)}`),
        sessions: await deleteCounted(
          uow,
          sql`delete from ${sessions} where ${sessions.expiresAt} < ${before(RETENTION.sessionsAfterEnd)} or ${sessions.revokedAt} < ${before(RETENTION.sessionsAfterEnd)}`,
        ),
        loginBrakes: await deleteCounted(
          uow,
          sql`delete from ${loginBrakes} where coalesce(${loginBrakes.lastFailureAt}, ${loginBrakes.windowStartedAt}) < ${before(RETENTION.loginBrakesAfterLastFailure)}`,
        ),
        botCheckRedemptions: await deleteCounted(uow, sql`delete from ${botCheckRedemptions} where ${botCheckRedemptions.expiresAt} < ${before(0)}`),
        jobRuns: await deleteCounted(
          uow,
          sql`delete from ${jobRuns} where ${jobRuns.startedAt} < ${before(RETENTION.intervalJobRuns)} and ${jobRuns.period} !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`,
        ),
      };
    },
  };
}
