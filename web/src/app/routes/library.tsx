import { LibraryFeed } from '../../features/feed/components/LibraryFeed';
import { LibraryScreen } from '../../features/library/components/LibraryScreen';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { useSession } from '../../lib/session';

export default function LibraryRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return (
    <LibraryScreen
      userId={session.id}
      published={<LibraryFeed viewerId={session.id} renderPost={(post, index) => <PostCardWithActions post={post} editMode priority={index === 0} />} />}
      renderHistoryCard={(post, { priority, reason, menu }) => <PostCardWithActions post={post} priority={priority} reason={reason} menu={menu} />}
    />
  );
}
