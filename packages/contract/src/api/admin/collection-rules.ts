import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import type { MessageKey } from '../../messages.ts';
import { plainText } from '../../wire.ts';
import { emptyRequestSchema } from '../common.ts';
import { reasonSchema } from './common.ts';
import { ADMIN_PATHS } from './paths.ts';
import { proposalSchema } from './proposals.ts';

/**
 * The collection rules as data, edited in the back office (issue 23 item 1;
 * docs/decisions/122-collection-rules-through-four-eyes.md): the days-past-due buckets, the
 * dunning steps (at which day past due which template is sent) and the approved templates. A
 * change is a `collections.rules` proposal a second operator approves; it is checked here, once,
 * by the rules the contact governor applies to what is sent (decision 098).
 */

/**
 * A link or web address: a scheme (http://, zalo://, …), 'www.', or a host name ending in a
 * top-level domain (sen.vn, bit.ly/x, example.com). Dots between digits (1.000.000 ₫) are not; a
 * two-letter ending counts only when it is a domain people use in links ('v.v', Vietnamese
 * "etc.", is not). The contact governor refuses an SMS with one (rule sms_link); the collection
 * rules refuse an SMS template with one before it is approved.
 */
export function containsLink(text: string): boolean {
  // Full-width and ideographic dots ('sen。vn', 'sen．vn') are read as the dots a phone shows them as.
  const lowered = text.normalize('NFKC').replace(/[\u3002\uff0e\uff61]/g, '.').toLowerCase();
  if (/[a-z][a-z0-9+.-]*:\/\//.test(lowered) || /\bwww\./.test(lowered)) return true;
  for (const match of lowered.matchAll(/\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(xn--[a-z0-9-]+|[a-z]{2,24})(?![a-z0-9-])/g)) {
    const tld = match[1]!;
    if (tld.length > 2 || COUNTRY_AND_SHORT.has(tld)) return true;
  }
  return isAddressLink(lowered);
}

/**
 * An IPv4 address with a path or a port ('103.21.5.7/pay', '10.0.0.1:8080'). An amount written
 * the Vietnamese way has groups of three digits after the first ('1.200.150.100/tháng'): that is
 * not one.
 */
function isAddressLink(lowered: string): boolean {
  for (const match of lowered.matchAll(/(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?=[/:])/g)) {
    const parts = match.slice(1, 5).map((part) => part!);
    if (parts.some((part) => Number(part) > 255)) continue;
    if (parts.slice(1).every((part) => part.length === 3)) continue;
    return true;
  }
  return false;
}

/** Two-letter endings that are domains people use in links (country codes and the short-link ones). */
const COUNTRY_AND_SHORT = new Set(['vn', 'ly', 'gl', 'co', 'io', 'me', 'to', 'cc', 'us', 'uk', 'tv', 'ai', 'gg', 'la', 'ws', 'kr', 'jp', 'cn', 'sg', 'th', 'id', 'my', 'ph', 'in', 'de', 'fr', 'ru', 'eu']);

/** What a template may ask to be filled in (collections.service fills these; anything else would reach the borrower as typed). */
export const TEMPLATE_PLACEHOLDERS = ['orderNo', 'amount', 'daysPastDue'] as const;

/** Whole days past due a bucket or a dunning step may name (ten years). */
export const MAX_DAYS_PAST_DUE = 3650;

const days = z
  .number({ error: 'validation.collectionRules.days' })
  .int({ error: 'validation.collectionRules.days' })
  .min(1, { error: 'validation.collectionRules.days' })
  .max(MAX_DAYS_PAST_DUE, { error: 'validation.collectionRules.days' });

export const collectionBucketRuleSchema = z.object({
  /** A short name cases carry ('1-10', '180+'). */
  code: z.string().trim().regex(/^[0-9A-Za-z+_-]{1,20}$/, { error: 'validation.collectionRules.bucketCode' }),
  minDays: days,
  /** null: no upper bound (the last bucket). */
  maxDays: days.nullable(),
});

const templateBody = plainText(480).trim().min(1, { error: 'validation.collectionRules.body' });

export const collectionTemplateRuleSchema = z.object({
  code: z.string().trim().regex(/^[a-z0-9_]{1,60}$/, { error: 'validation.collectionRules.templateCode' }),
  channel: z.enum(['sms', 'message'], { error: 'validation.select' }),
  /** The Vietnamese text (an SMS goes out without diacritics); for an in-app message, what the borrower app's message says. */
  bodyVn: templateBody,
  /** The English text, sent to a borrower whose language is English. */
  bodyEn: templateBody,
  /** On the approved list: only approved templates may be sent (the governor's rule template_not_approved). */
  approved: z.boolean(),
});

export const collectionDunningRuleSchema = z.object({
  dayPastDue: days,
  template: z.string().trim().regex(/^[a-z0-9_]{1,60}$/, { error: 'validation.collectionRules.templateCode' }),
  active: z.boolean(),
});

/**
 * The whole set, as proposed and as in force. Buckets in order of their first day; a template
 * that was on the list and is left out is withdrawn (kept, not approved: past contacts name it).
 */
export const collectionRulesSchema = z.object({
  buckets: z.array(collectionBucketRuleSchema).min(1, { error: 'validation.collectionRules.noBuckets' }).max(20),
  templates: z.array(collectionTemplateRuleSchema).max(50),
  rules: z.array(collectionDunningRuleSchema).max(60),
});
export type CollectionRules = z.infer<typeof collectionRulesSchema>;
export type CollectionRulesInput = z.input<typeof collectionRulesSchema>;

/** One thing wrong with a proposed set: a message key and what it names. */
export interface CollectionRulesProblem {
  key: MessageKey;
  params: Record<string, string | number>;
}

/**
 * What is wrong with a set (empty: nothing): buckets cover 1.. without a gap or an overlap and
 * only the last is open-ended; names are unique; an SMS template holds no link (the governor's
 * own check, `containsLink`) and asks only for the placeholders that are filled in; every
 * dunning step names a template on the approved list, once per day.
 */
export function collectionRulesProblems(rules: CollectionRules): CollectionRulesProblem[] {
  const problems: CollectionRulesProblem[] = [];
  const add = (key: MessageKey, params: Record<string, string | number> = {}) => problems.push({ key, params });

  const codes = new Set<string>();
  for (const bucket of rules.buckets) {
    if (codes.has(bucket.code)) add('collectionRules.bucketDuplicate', { code: bucket.code });
    codes.add(bucket.code);
    if (bucket.maxDays !== null && bucket.maxDays < bucket.minDays) add('collectionRules.bucketRange', { code: bucket.code });
  }
  const buckets = [...rules.buckets].sort((a, b) => a.minDays - b.minDays);
  if (buckets[0] && buckets[0].minDays !== 1) add('collectionRules.bucketsStart', { code: buckets[0].code, min: buckets[0].minDays });
  for (let index = 1; index < buckets.length; index += 1) {
    const before = buckets[index - 1]!;
    const after = buckets[index]!;
    if (before.maxDays === null) {
      add('collectionRules.bucketOpenNotLast', { code: before.code });
      continue;
    }
    if (after.minDays > before.maxDays + 1) add('collectionRules.bucketsGap', { before: before.code, after: after.code, from: before.maxDays + 1, to: after.minDays - 1 });
    else if (after.minDays <= before.maxDays) add('collectionRules.bucketsOverlap', { before: before.code, after: after.code, from: after.minDays, to: Math.min(before.maxDays, after.maxDays ?? before.maxDays) });
  }
  const last = buckets.at(-1);
  if (last && last.maxDays !== null) add('collectionRules.bucketsOpenEnd', { code: last.code, max: last.maxDays });

  const templates = new Map<string, CollectionRules['templates'][number]>();
  for (const template of rules.templates) {
    if (templates.has(template.code)) add('collectionRules.templateDuplicate', { code: template.code });
    templates.set(template.code, template);
    for (const [language, body] of [['vn', template.bodyVn], ['en', template.bodyEn]] as const) {
      if (template.channel === 'sms' && containsLink(body)) add('collectionRules.smsLink', { code: template.code, language });
      for (const match of body.matchAll(/\{(\w*)\}/g)) {
        if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(match[1]!)) add('collectionRules.placeholder', { code: template.code, language, placeholder: match[1]! });
      }
    }
  }

  const steps = new Set<string>();
  for (const rule of rules.rules) {
    const key = `${rule.dayPastDue}:${rule.template}`;
    if (steps.has(key)) add('collectionRules.ruleDuplicate', { day: rule.dayPastDue, template: rule.template });
    steps.add(key);
    if (!templates.get(rule.template)?.approved) add('collectionRules.ruleTemplateNotApproved', { day: rule.dayPastDue, template: rule.template });
  }
  return problems;
}

export const adminCollectionRulesEndpoint = defineEndpoint({
  id: 'adminCollectionRules',
  method: 'GET',
  path: ADMIN_PATHS.collectionRules,
  summary: 'Back office: the collection rules in force (buckets, dunning steps, templates with their approval), the pending change if any, and the last approved one.',
  module: 'collections',
  request: emptyRequestSchema,
  response: z.object({
    current: collectionRulesSchema,
    /** Open cases per bucket code now. */
    openCases: z.record(z.string(), z.number().int()),
    /** The change waiting for a second operator (one at a time). */
    pending: proposalSchema.nullable(),
    /** The change approved last (null: the rules are still the shipped ones). */
    lastApproved: proposalSchema.nullable(),
  }),
  signed: false,
  session: 'operator',
  permission: 'collections.read',
  errors: ['ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'],
});

export const adminCollectionRulesProposeEndpoint = defineEndpoint({
  id: 'adminProposeCollectionRules',
  method: 'POST',
  path: ADMIN_PATHS.collectionRulesPropose,
  summary:
    'Back office: proposes a new set of collection rules (checked now and again on approval: buckets cover 1.. without gaps or overlaps, no link in an SMS template, steps name approved templates); nothing changes until another operator approves. A refused set answers COLLECTION_RULES_INVALID with every problem in `data.problems`.',
  module: 'collections',
  request: z.object({ rules: collectionRulesSchema, reason: reasonSchema }),
  response: z.object({ proposal: proposalSchema }),
  signed: false,
  session: 'operator',
  permission: 'collections.rules',
  audited: 'proposal.create',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED', 'COLLECTION_RULES_INVALID', 'COLLECTION_RULES_UNCHANGED', 'PROPOSAL_DUPLICATE'],
});
