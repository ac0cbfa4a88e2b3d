import { collectionRulesProblems, translate, type CollectionRules, type Language } from '@sen/contract';
import { AppError } from '../../shared/app-error.ts';
import type { CollectionRulesRepository } from './collection-rules.repository.ts';

/** The set a proposal would leave in force: a template it leaves out stays, withdrawn. */
function after(current: CollectionRules, proposed: CollectionRules): CollectionRules {
  const named = new Set(proposed.templates.map((template) => template.code));
  const withdrawn = current.templates.filter((template) => !named.has(template.code)).map((template) => ({ ...template, approved: false }));
  return { buckets: proposed.buckets, templates: [...proposed.templates, ...withdrawn], rules: proposed.rules };
}

/** One order for comparing two sets (the order operators list them in is not a change). */
function canonical(rules: CollectionRules): string {
  return JSON.stringify({
    buckets: [...rules.buckets].sort((a, b) => a.minDays - b.minDays),
    templates: [...rules.templates].sort((a, b) => a.code.localeCompare(b.code)),
    rules: [...rules.rules].sort((a, b) => a.dayPastDue - b.dayPastDue || a.template.localeCompare(b.template)),
  });
}

/**
 * The collection rules as data (decision 122): the days-past-due buckets, the dunning steps and
 * the approved templates, changed only through a `collections.rules` proposal a second operator
 * approves. A set is checked when proposed and again when approved, by the contact governor's own
 * checks (`collectionRulesProblems` in the contract); the dunning job and the governor read the
 * tables, so an approved change is what the next run sends.
 */
export class CollectionRulesService {
  constructor(private readonly repository: CollectionRulesRepository) {}

  current(): Promise<CollectionRules> {
    return this.repository.read();
  }

  openCases(): Promise<Record<string, number>> {
    return this.repository.openCases();
  }

  /** Refuses a set that breaks a rule (every problem in `data.problems`, in the caller's language) or changes nothing; describes it. */
  async check(proposed: CollectionRules, lang: Language = 'vn'): Promise<{ summary: string; before: CollectionRules }> {
    const problems = collectionRulesProblems(proposed);
    if (problems.length > 0) {
      // The message is the first problem (in the request's language); data.problems lists them all.
      const [first] = problems;
      throw new AppError('COLLECTION_RULES_INVALID', { messageKey: first!.key, params: first!.params, data: { problems: problems.map((problem) => translate(lang, problem.key, problem.params)) } });
    }
    const before = await this.repository.read();
    if (canonical(after(before, proposed)) === canonical(before)) throw new AppError('COLLECTION_RULES_UNCHANGED');
    const approved = proposed.templates.filter((template) => template.approved).length;
    const active = proposed.rules.filter((rule) => rule.active).length;
    return {
      summary: `Collection rules: ${proposed.buckets.length} buckets (${[...proposed.buckets].sort((a, b) => a.minDays - b.minDays).map((bucket) => bucket.code).join(', ')}), ${active} active dunning steps, ${approved} approved templates`,
      before,
    };
  }

  /** An approved proposal becomes the rules in force (in the approval's transaction). */
  async applyApproved(rules: CollectionRules): Promise<CollectionRules> {
    await this.repository.replace(rules);
    return this.repository.read();
  }
}
