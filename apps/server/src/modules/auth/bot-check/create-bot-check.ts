import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import type { Clock } from '../../../shared/clock.ts';
import { AltchaBotCheck } from './altcha-bot-check.ts';
import { NoBotCheck, type BotCheck } from './bot-check.ts';
import { BotCheckRepository } from './bot-check.repository.ts';
import { HostedBotCheck } from './hosted-bot-check.ts';

/** The configured bot check (BOT_CHECK); configuration already refused a hosted one without URL or secret. */
export function createBotCheck(options: Config['botCheck'] & { hmacKey: string }, db: Db, clock: Clock): BotCheck {
  const repository = new BotCheckRepository(db);
  switch (options.kind) {
    case 'off':
      return new NoBotCheck();
    case 'hosted':
      return new HostedBotCheck(repository, clock, { verifyUrl: options.verifyUrl ?? '', secret: options.secret ?? '', timeoutMs: 5000 });
    case 'altcha':
      return new AltchaBotCheck(repository, clock, { hmacKey: options.hmacKey, maxNumber: options.maxNumber, ttlSeconds: options.ttlSeconds });
  }
}
