import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TEXT, paths, type PostCard, type ProfileData } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { pictureElsewhere } from '../../../components/ElsewhereMark';
import { NotHere } from '../../../components/NotHere';
import { AccountSuspended } from '../../../components/AccountSuspended';
import { OptionsMenu } from '../../../components/OptionsMenu';
import { UnderlineTabs } from '../../../components/UnderlineTabs';
import { isApiError } from '../../../lib/api-client';
import { storageUrl } from '../../../lib/media';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { useAuthorPosts } from '../../../api/author-posts';
import { useSavedPosts } from '../../../api/saved-posts';
import { PostFeedList } from '../../../components/PostFeedList';
import { useProfileData } from '../api/get-profile-data';
import { useIsBlocked } from '../../../components/use-block';
import { BlockMenu, BlockedNote } from './BlockControls';
import { FediverseHandle } from './FediverseHandle';
import { FollowFromFediverse } from './FollowFromFediverse';
import { FollowListDialog, type RenderListFollow } from './FollowListDialog';
import { PictureDialog } from './PictureDialog';
import { ElsewhereIdentity, NO_STORIES_ELSEWHERE, profileName } from './ProfileElsewhere';
import type { FollowList } from '../api/follow-lists';

interface ProfileViewProps {
  userId: number;
  /** The signed-in reader's id, or null for a visitor. */
  viewerId: string | null;
  renderPost: (post: PostCard) => ReactNode;
  /** Follow/Unfollow for another user's profile; `elsewhere`: an account of another server's. */
  renderFollow: (userId: number, elsewhere: boolean) => ReactNode;
  /** Follow / Following for a person of the followers and following lists. */
  renderListFollow: RenderListFollow;
  /** "Get new stories by email" on another member's profile (their name as it shows); not an account elsewhere's. */
  renderSubscribe?: (userId: number, name: string) => ReactNode;
}

const figure = (n: number, one: string, many: string) => (
  <>
    <strong className="font-semibold text-zinc-900 dark:text-zinc-50">{n.toLocaleString('en-GB')}</strong> {n === 1 ? one : many}
  </>
);
const count = (n: number, one: string, many: string) => <span>{figure(n, one, many)}</span>;

/** A count that opens its list: looks like the other counts, underlined on hover. */
function CountButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={onClick}
      className="rounded hover:text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:hover:text-zinc-50"
    >
      {children}
    </button>
  );
}

/** The picture, 96 px; a member's enlarges on a double click (or Enter), an account elsewhere's (from there, https only) does not. */
function Picture({ profile, name }: { profile: ProfileData; name: string }) {
  const [enlarged, setEnlarged] = useState(false);
  if (profile.elsewhere) return <Avatar src={pictureElsewhere(profile.elsewhere)} size={96} className="self-start" />;
  return (
    <>
      <button
        type="button"
        onDoubleClick={() => setEnlarged(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            setEnlarged(true);
          }
        }}
        aria-label={`${name}’s picture (double-click to enlarge)`}
        title="Double-click to enlarge"
        className="shrink-0 self-start rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
      >
        <Avatar src={profile.profile_picture} size={96} />
      </button>
      {enlarged && <PictureDialog src={storageUrl(profile.profile_picture)} alt={name} onClose={() => setEnlarged(false)} />}
    </>
  );
}

function Header({
  profile,
  own,
  viewerId,
  blocked,
  renderFollow,
  renderListFollow,
}: {
  profile: ProfileData;
  own: boolean;
  viewerId: string | null;
  /** The reader blocked this member: no Follow (it would be refused) until they unblock. */
  blocked: boolean;
  renderFollow: ProfileViewProps['renderFollow'];
  renderListFollow: RenderListFollow;
}) {
  const [list, setList] = useState<FollowList | null>(null);
  const name = profileName(profile);
  const elsewhere = profile.elsewhere ?? null;
  return (
    <header className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <Picture profile={profile} name={name} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="break-words font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">{name}</h1>
            {elsewhere ? (
              <ElsewhereIdentity elsewhere={elsewhere} />
            ) : profile.fediverse_handle ? (
              <FediverseHandle handle={profile.fediverse_handle} />
            ) : (
              profile.username && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">@{profile.username}</p>
            )}
          </div>
          {own ? (
            <OptionsMenu
              label="Profile options"
              items={[
                { label: 'Update Profile', to: paths.settings.getHref() },
                { label: 'Notifications', to: paths.notifications.getHref() },
                { label: 'Manage Recommendation', to: paths.recommendation.getHref() },
              ]}
            />
          ) : (
            <div className="flex shrink-0 items-center gap-1">
              {!blocked && <div className="w-32">{renderFollow(profile.id, Boolean(elsewhere))}</div>}
              {viewerId && <BlockMenu viewerId={viewerId} userId={profile.id} name={name} />}
            </div>
          )}
        </div>
        {profile.bio?.trim() && <p className="mt-3 whitespace-pre-line break-words text-base leading-7 text-zinc-700 dark:text-zinc-300">{profile.bio}</p>}
        <p data-testid="profile-counts" className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
          {count(profile.post_count, 'post', 'posts')}
          <CountButton onClick={() => setList('followers')}>{figure(profile.followers_count, 'follower', 'followers')}</CountButton>
          <CountButton onClick={() => setList('following')}>{figure(profile.following_count, 'following', 'following')}</CountButton>
        </p>
        {profile.fediverse_handle && !elsewhere && !own && !blocked && <FollowFromFediverse userId={profile.id} handle={profile.fediverse_handle} />}
      </div>
      {list && (
        <FollowListDialog
          list={list}
          profileId={profile.id}
          ownerName={own ? null : name}
          viewerId={viewerId}
          federates={Boolean(profile.fediverse_handle)}
          renderFollow={renderListFollow}
          onClose={() => setList(null)}
        />
      )}
    </header>
  );
}

function OwnSavedPosts({ viewerId, renderPost }: { viewerId: string; renderPost: ProfileViewProps['renderPost'] }) {
  const posts = useSavedPosts(viewerId);
  return <PostFeedList query={posts} renderPost={renderPost} emptyText={TEXT.noPostsToShow} label="Saved posts" />;
}

function AuthorPosts({ userId, viewerId, elsewhere, renderPost }: { userId: number; viewerId: string | null; elsewhere: boolean; renderPost: ProfileViewProps['renderPost'] }) {
  const posts = useAuthorPosts(userId, viewerId ?? undefined);
  return <PostFeedList query={posts} renderPost={renderPost} emptyText={elsewhere ? NO_STORIES_ELSEWHERE : TEXT.noPostsToShow} label="Posts" />;
}

/**
 * A profile (SPEC §2 Profile): picture (double-click enlarges it), name, the fediverse handle with Copy
 * (or the username without federation), bio, the counts; one's own
 * has a menu (Update Profile, Notifications, Manage Recommendation), another's a Follow button; the
 * followers and following counts open their lists; then the tabs Posts and, on one's own only, Saved.
 * An account of another server (`elsewhere`, ADR 0085) shows its picture there, its handle and the way to
 * its profile there, its counts and lists here, Follow and Block, and its stories kept here; no
 * subscription by email and no following from the fediverse; search engines leave it out (noindex).
 */
export function ProfileView({ userId, viewerId, renderPost, renderFollow, renderListFollow, renderSubscribe }: ProfileViewProps) {
  const profile = useProfileData(userId);
  const own = viewerId !== null && Number(viewerId) === userId;
  const blocked = useIsBlocked(own ? null : viewerId, userId);
  const [params, setParams] = useSearchParams();
  const panelId = useId();
  const tab: 'posts' | 'saved' = own && params.get('tab') === 'saved' ? 'saved' : 'posts';
  const pageTitle = profile.data ? profileName(profile.data) : profile.isError ? 'Profile not found' : null;
  const elsewhere = Boolean(profile.data?.elsewhere);

  if (profile.isError && isApiError(profile.error) && profile.error.status === 410) return <AccountSuspended />;
  if (profile.isError && isApiError(profile.error) && profile.error.status === 404) {
    return <NotHere title="Profile not found">Nobody writes here under this address. The link may not be quite right.</NotHere>;
  }

  const tabs: Array<{ key: 'posts' | 'saved'; label: string }> = [{ key: 'posts', label: 'Posts' }, ...(own ? [{ key: 'saved' as const, label: 'Saved' }] : [])];
  return (
    <>
      <DocumentTitle title={pageTitle} noindex={elsewhere} />
      <section className="mx-auto w-full max-w-[728px] px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
        {profile.data ? (
          <Header profile={profile.data} own={own} viewerId={viewerId} blocked={blocked} renderFollow={renderFollow} renderListFollow={renderListFollow} />
        ) : (
          <div data-testid="profile-skeleton" className="flex gap-5">
            <div className="size-24 shrink-0 animate-pulse rounded-full bg-zinc-200 dark:bg-zinc-800" />
            <div className="flex-1 space-y-3 pt-2">
              <div className="h-8 w-56 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
              <div className="h-4 w-72 max-w-full animate-pulse rounded bg-zinc-100 dark:bg-zinc-900" />
            </div>
          </div>
        )}
        {profile.data && !own && !blocked && !elsewhere && renderSubscribe && <div className="mt-6">{renderSubscribe(userId, profileName(profile.data))}</div>}
        <div className="mt-8">
          <UnderlineTabs
            panelId={panelId}
            label="Profile lists"
            tabs={tabs}
            selected={tab}
            onSelect={(key) => setParams(key === 'saved' ? { tab: 'saved' } : {}, { replace: true })}
          />
        </div>
        <div id={panelId} role="tabpanel" aria-label={tab === 'saved' ? 'Saved' : 'Posts'}>
          {blocked && viewerId ? (
            <BlockedNote viewerId={viewerId} userId={userId} name={profile.data ? profileName(profile.data) : TEXT.anonymous} />
          ) : tab === 'saved' && viewerId ? (
            <OwnSavedPosts viewerId={viewerId} renderPost={renderPost} />
          ) : (
            <AuthorPosts userId={userId} viewerId={viewerId} elsewhere={elsewhere} renderPost={renderPost} />
          )}
        </div>
      </section>
    </>
  );
}
