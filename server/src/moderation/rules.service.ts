import type { ServerRule } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { type AuditActor, audit } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { CaseError } from './case-error.ts';
import { insertRule, removeRule, ruleById, rulesInForce, updateRule } from './rules.repository.ts';

export const RULE_TITLE_MAX = 140;
export const RULE_BODY_MAX = 1000;

/** A rule as a statement names it: "rule 2, “Be kind”" (its number now; a removed one by its title alone, unless only one in force will do). */
export async function ruleNamed(db: Kysely<DB>, id: number, only: { inForce?: boolean } = {}): Promise<string | undefined> {
  const rules = await rulesInForce(db);
  const at = rules.findIndex((r) => r.id === id);
  if (at >= 0) return `rule ${at + 1}, “${rules[at]!.title}”`;
  if (only.inForce) return undefined;
  const removed = await ruleById(db, id);
  return removed && `the rule “${removed.title}”`;
}

/** A title on one line; a body keeps its line breaks (at most one blank line between paragraphs). */
function checked(text: string | undefined, what: 'title' | 'text', max: number, required: boolean): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = (
    what === 'title'
      ? text.replace(/\s+/g, ' ')
      : text
          .replace(/\r\n?/g, '\n')
          .replace(/[^\S\n]+/g, ' ')
          .replace(/ ?\n ?/g, '\n')
          .replace(/\n{3,}/g, '\n\n')
  ).trim();
  if (required && trimmed === '') throw new CaseError(`A rule needs its ${what}.`);
  if (trimmed.length > max) throw new CaseError(`A rule's ${what} may not be longer than ${max} characters.`);
  return trimmed;
}

/**
 * The server's rules (issue 47, ADR 0102): what everybody reads at /rules, what a case may be decided
 * under (`case:resolve --rule ID`) and what its statements then name. Staff add, edit and remove them
 * (the command line now, the console next), each written with its audit row; a removed rule leaves the
 * list and stays with the cases that named it.
 */
export function createRules(db: Kysely<DB>) {
  return {
    /** GET /api/user/rules: the rules in force, numbered in order. */
    async list(): Promise<ServerRule[]> {
      return (await rulesInForce(db)).map((r, i) => ({ id: r.id, number: i + 1, title: r.title, body: r.body }));
    },

    async add(rule: { title: string; body?: string }, by: AuditActor): Promise<number> {
      const title = checked(rule.title, 'title', RULE_TITLE_MAX, true)!;
      const body = checked(rule.body ?? '', 'text', RULE_BODY_MAX, false)!;
      return db.transaction().execute(async (trx) => {
        const id = await insertRule(trx, { title, body }, nowIso());
        await audit(trx, { actor: by, action: 'rule.add', target: { kind: 'rule', id, label: title }, after: { title, body } });
        return id;
      });
    },

    async edit(id: number, change: { title?: string; body?: string }, by: AuditActor): Promise<void> {
      const title = checked(change.title, 'title', RULE_TITLE_MAX, true);
      const body = checked(change.body, 'text', RULE_BODY_MAX, false);
      if (title === undefined && body === undefined) throw new CaseError('Give the new --title or --body.');
      await db.transaction().execute(async (trx) => {
        const before = await ruleById(trx, id);
        const set = { ...(title === undefined ? {} : { title }), ...(body === undefined ? {} : { body }) };
        if (!before || before.removed_at !== null || !(await updateRule(trx, id, set, nowIso()))) throw new CaseError(`There is no rule ${id}.`);
        await audit(trx, {
          actor: by,
          action: 'rule.edit',
          target: { kind: 'rule', id, label: title ?? before.title },
          before: { title: before.title, body: before.body },
          after: set,
        });
      });
    },

    async remove(id: number, by: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await ruleById(trx, id);
        if (!before || !(await removeRule(trx, id, nowIso()))) throw new CaseError(`There is no rule ${id}.`);
        await audit(trx, { actor: by, action: 'rule.remove', target: { kind: 'rule', id, label: before.title }, before: { title: before.title } });
      });
    },
  };
}

export type Rules = ReturnType<typeof createRules>;
