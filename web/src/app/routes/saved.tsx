import { SavedFeed } from '../../features/feed/components/SavedFeed';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { useSession } from '../../lib/session';

export default function SavedRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return <SavedFeed viewerId={session.id} renderPost={(post, index) => <PostCardWithActions post={post} priority={index === 0} />} />;
}
