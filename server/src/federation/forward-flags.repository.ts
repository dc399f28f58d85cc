import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * A forwarded case as its Flag says it (ADR 0097): the account elsewhere it concerns (its id, inbox and
 * shared inbox there), what of theirs it is about (a story's, comment's or reply's id there), the
 * moderator's words and the categories its reports gave. Undefined when the case or the account is gone,
 * or the case was not forwarded.
 */
export async function forwardedCase(db: Kysely<DB>, caseId: number) {
  const row = await db
    .selectFrom('cases as c')
    .innerJoin('users as u', 'u.id', 'c.subject_id')
    .select(['c.id', 'c.target_kind', 'c.target_id', 'c.forward_note', 'u.ap_id as uri', 'u.inbox', 'u.shared_inbox'])
    .where('c.id', '=', caseId)
    .where('c.forwarded_at', 'is not', null)
    .where('u.domain', 'is not', null)
    .executeTakeFirst();
  if (!row?.uri || !row.inbox) return undefined;
  const table = row.target_kind === 'post' ? 'posts' : row.target_kind === 'comment' ? 'comments' : row.target_kind === 'reply' ? 'replies' : null;
  const item = table ? await db.selectFrom(table).select('ap_id').where('id', '=', row.target_id).executeTakeFirst() : undefined;
  const categories = await db.selectFrom('reports').select('category').where('case_id', '=', caseId).orderBy('id').execute();
  return { ...row, uri: row.uri, inbox: row.inbox, item: item?.ap_id ?? null, categories: categories.map((r) => r.category) };
}
