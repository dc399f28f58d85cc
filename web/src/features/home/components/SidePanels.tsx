import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TEXT, paths } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { TopicChip } from '../../../components/TopicChip';
import { useSession } from '../../../lib/session';
import { useRecommendedCategories, useRecommendedPosts, useRecommendedUsers } from '../api/recommendations';
import { useNow } from '../../../lib/use-now';

function Panel({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="border-b border-zinc-200 pb-6 pt-2 last:border-b-0 dark:border-zinc-800">
      <h2 id={id} className="mb-4 text-base font-semibold text-zinc-900 dark:text-zinc-50">
        {title}
      </h2>
      {children}
      {footer && <div className="mt-4 text-sm">{footer}</div>}
    </section>
  );
}

const linkClass = 'font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300';

/** The reader's own: topics they do not follow yet, from what they read; a visitor's, the most followed. */
function RecommendedTopics({ viewerId }: { viewerId: string | undefined }) {
  const topics = useRecommendedCategories(viewerId).data ?? [];
  if (topics.length === 0) return null;
  return (
    <Panel
      title="Recommended topics"
      footer={
        <Link to={paths.recommendation.getHref()} className={linkClass}>
          See more topics
        </Link>
      }
    >
      <ul className="flex flex-wrap gap-2">
        {topics.map((topic) => (
          <li key={topic.id}>
            <TopicChip categoryId={topic.id} name={topic.name} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Picks({ viewerId }: { viewerId: string | undefined }) {
  const picks = useRecommendedPosts(viewerId);
  if (!picks.data?.length) return null;
  return (
    <Panel title="Picks">
      <ul className="space-y-4">
        {picks.data.map((pick) => (
          <li key={pick.id}>
            <Link to={paths.viewProfile.getHref(pick.user.id)} className="flex items-center gap-2 text-xs text-zinc-700 hover:underline dark:text-zinc-300">
              <Avatar src={pick.user.profile_picture} size={20} />
              <span className="truncate">{pick.user.name?.trim() || TEXT.undefinedAuthor}</span>
            </Link>
            <Link
              to={paths.viewPost.getHref(pick.id)}
              className="mt-1 line-clamp-2 font-serif text-base font-bold leading-snug text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-50"
            >
              {pick.title.trim() || TEXT.titleMissing}
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function WhomToFollow({ viewerId, renderFollow }: { viewerId: string | undefined; renderFollow: (userId: number, following: boolean) => ReactNode }) {
  const people = useRecommendedUsers(viewerId);
  if (!people.data?.length) return null;
  return (
    <Panel title="Whom to follow">
      <ul className="space-y-4">
        {people.data.map((person) => (
          <li key={person.id} className="flex items-start gap-3">
            <Avatar src={person.profile_picture} size={36} />
            <div className="min-w-0 flex-1">
              <Link to={paths.viewProfile.getHref(person.id)} className="block truncate text-sm font-semibold text-zinc-900 hover:underline dark:text-zinc-50">
                {person.name?.trim() || TEXT.anonymous}
              </Link>
              {person.bio?.trim() && <p className="line-clamp-2 text-xs leading-5 text-zinc-600 dark:text-zinc-400">{person.bio}</p>}
            </div>
            <div className="w-24 shrink-0">{renderFollow(person.id, person.is_follow)}</div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The Help screen's panel in place of Picks: its two texts, one click away. */
function ConditionsAndPolicy() {
  return (
    <Panel title="Conditions and Policy">
      <ul className="space-y-2 text-sm">
        <li>
          <Link to={`${paths.help.getHref()}?section=privacy`} className={linkClass}>
            Privacy Policy
          </Link>
        </li>
        <li>
          <Link to={`${paths.help.getHref()}?section=terms`} className={linkClass}>
            Terms and Conditions
          </Link>
        </li>
      </ul>
      <Copyright />
    </Panel>
  );
}

/**
 * SPEC §1: the side panels, Recommended topics, Picks and Whom to follow (beside the feed on wide
 * screens, behind a disclosure over it on phones: HomeFeed); on the help screen Conditions and Policy
 * takes the place of Picks. A topic opens its posts (TopicChip).
 */
export function SidePanels({ renderFollow, variant = 'home' }: { renderFollow: (userId: number, following: boolean) => ReactNode; variant?: 'home' | 'help' }) {
  const viewerId = useSession()?.id;
  return (
    <div className="space-y-6 lg:sticky lg:top-24">
      <RecommendedTopics viewerId={viewerId} />
      {variant === 'help' ? <ConditionsAndPolicy /> : <Picks viewerId={viewerId} />}
      <WhomToFollow viewerId={viewerId} renderFollow={renderFollow} />
    </div>
  );
}

/** The year in UTC, from the render time while hydrating (use-now.ts): the server's HTML says the same. */
function Copyright() {
  const year = useNow().getUTCFullYear();
  return <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">© {year} Inkwell</p>;
}
