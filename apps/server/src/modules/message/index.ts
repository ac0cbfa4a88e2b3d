export type { CreditDecisionFacts, MessageService, NotifyOptions, NotifyResult } from './message.service.ts';
export type { MessageParams } from './message-templates.ts';
