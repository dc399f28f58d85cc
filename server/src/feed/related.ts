import type { CardRow, FeedRepository } from './feed.repository.ts';

const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'that', 'this', 'from', 'your', 'what', 'when', 'how', 'why', 'into', 'about']);

/**
 * Up to 6 stories related to a post: the same category first, then those sharing title words (more
 * shared words first); never the post itself. Their card rows, best first, as a visitor sees them
 * (feed.service.ts keeps them and makes each reader's copy); undefined: no such post.
 */
export async function readRelated(repo: FeedRepository, postId: number): Promise<CardRow[] | undefined> {
  const post = await repo.meta(postId);
  if (!post) return undefined;
  const categoryId = post.category_id;
  const words = [
    ...new Set(
      post.title
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 3 && !STOP_WORDS.has(w)),
    ),
  ].slice(0, 5);
  const patterns = [...words.map((w) => `%${w.replace(/[%_\\]/g, '')}%`), '', '', '', '', ''].slice(0, 5);
  const [same, matches] = await Promise.all([categoryId === null ? [] : repo.sameCategory(categoryId, postId), repo.titleWordMatches(postId, patterns)]);
  const score = new Map<number, number>();
  for (const id of same) score.set(id, 1000 + id / 1e10);
  for (const m of matches) {
    const title = m.title.toLowerCase();
    const shared = words.filter((w) => title.includes(w)).length;
    const base = m.category_id === categoryId ? 1000 : 0;
    score.set(m.id, Math.max(score.get(m.id) ?? 0, base + shared * 10 + m.id / 1e10));
  }
  const ids = [...score.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([id]) => id);
  if (ids.length === 0) return [];
  const order = new Map(ids.map((id, i) => [id, i]));
  return (await repo.cardsByIds(0, ids)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}
