import type { CommentsFrom } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import { type Lease, claim, freeIn } from '../db/claims.ts';
import type { DB } from '../db/schema.ts';
import type { FederationDeliveriesTable } from '../db/schema/federation.ts';

/** The SQL of stories as ActivityPub Articles and of what their writers' followers are owed (migrations 0031, ADR 0069). */

export interface ArticleRow {
  id: number;
  user_id: number;
  title: string;
  sub_title: string;
  description: string;
  image: string | null;
  created_at: string;
  updated_at: string;
  topic: string;
  /** Who may comment on it (ADR 0115): said to other servers as its interaction policy. */
  comments_from: CommentsFrom;
  /** The writer's: a story federates only while its writer has a username and is not deactivated. */
  username: string | null;
  deactivated_at: string | null;
}

const articleColumns = [
  'posts.id',
  'posts.user_id',
  'posts.title',
  'posts.sub_title',
  'posts.description',
  'posts.image',
  'posts.created_at',
  'posts.updated_at',
  'posts.comments_from',
  'categories.name as topic',
  'users.username',
  'users.deactivated_at',
] as const;

const articles = (db: Kysely<DB>) =>
  db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .innerJoin('categories', 'categories.id', 'posts.category_id')
    .select(articleColumns)
    .where('posts.ap_id', 'is', null);

/** A published story with its topic and its writer's standing; undefined when there is none. */
export async function findArticle(db: Kysely<DB>, postId: number): Promise<ArticleRow | undefined> {
  return articles(db).where('posts.id', '=', postId).executeTakeFirst();
}

/** A page of the writer's stories, newest first, before the story `before` (null: from the newest). */
export async function listWriterArticles(db: Kysely<DB>, writerId: number, before: number | null, limit: number): Promise<ArticleRow[]> {
  return articles(db)
    .where('posts.user_id', '=', writerId)
    .$if(before !== null, (q) => q.where('posts.id', '<', before!))
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countWriterArticles(db: Kysely<DB>, writerId: number): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', writerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type Delivery = Pick<FederationDeliveriesTable, 'post_id' | 'writer_id' | 'kind'> & { recipients?: string | null; subject?: string | null; activity_id?: string | null };

/** In the transaction that changed the story (or kept or removed a member's note): the change is owed. */
export async function oweDelivery(trx: Kysely<DB>, delivery: Delivery, now: string): Promise<void> {
  await trx
    .insertInto('federation_deliveries')
    .values({ ...delivery, created_at: now })
    .execute();
}

/**
 * Claims the oldest owed change nobody holds (or whose holder's lease ran out) and that no older change
 * of the same story waits before, for the lease (db/claims.ts), in one statement: two processes never
 * claim one row (on PostgreSQL the loser of a race finds the row taken and gets nothing this time).
 * Undefined when there is none to take.
 */
export async function claimDelivery(db: Kysely<DB>, held: Lease): Promise<(Delivery & { id: number }) | undefined> {
  const oldest = db
    .selectFrom('federation_deliveries as owed')
    .select('owed.id')
    .where(freeIn('federation_deliveries', held.now, 'owed'))
    // One story's (or one member's note's or like's) changes go in order: none while an older one of the same is still owed.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('federation_deliveries as older')
            .select('older.id')
            .where((o) =>
              o.or([o('older.post_id', '=', o.ref('owed.post_id')), o.and([o('older.subject', '=', o.ref('owed.subject')), o('older.writer_id', '=', o.ref('owed.writer_id'))])]),
            )
            .whereRef('older.id', '<', 'owed.id'),
        ),
      ),
    )
    .orderBy('owed.id')
    .limit(1);
  const [row] = await claim<Delivery & { id: number }>(db, 'federation_deliveries', oldest, held, ['id', 'post_id', 'writer_id', 'kind', 'recipients', 'subject', 'activity_id']);
  return row;
}

export async function deleteDelivery(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('federation_deliveries').where('id', '=', id).execute();
}
