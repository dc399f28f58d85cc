import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { noticeText } from '../notify/notify.ts';
import { createAccountAction } from './account-actions.ts';
import { markLimited } from './actions.repository.ts';

/**
 * An account limited by the moderators (issue 47, ADR 0111), Mastodon's "limit" for one account: its
 * stories leave the feeds of those who do not follow it (For you, the topics, Latest, related stories),
 * the search, the recommendations and the site's feeds and sitemaps; its followers still get them in
 * Following, and its profile and stories still open from a link. `users.limited_at` says so to the
 * reading side, set and cleared with the action's row. A member is told, with the statement of
 * reasons and its appeal link; lifted by hand, by an appeal or by the clock.
 */
export function createLimits(db: Kysely<DB>, publicUrl: string) {
  const action = createAccountAction(db, publicUrl, {
    kind: 'limit',
    audit: { on: 'account.limit', off: 'account.unlimit' },
    already: (account) => `${account} is limited already.`,
    notInForce: 'That account is not limited.',
    notice: noticeText.limited,
    noticeEnded: noticeText.limitLifted,
    mail: {
      subject: 'The moderators limited your account',
      done: 'The moderators of this server have limited your account',
      effect:
        'Until then your stories show to your followers and to anyone with a link to them, but not in feeds, search or recommendations. You can still write, comment and follow as before.',
    },
    mark: markLimited,
  });
  return { ...action, limitIn: action.takeIn };
}
