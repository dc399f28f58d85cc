import { HomeFeed } from '../../features/feed/components/HomeFeed';
import { MessageBanner } from '../../features/home/components/MessageBanner';
import { SidePanels } from '../../features/home/components/SidePanels';
import { useQueryMessage } from '../../features/home/hooks/use-query-message';
import { FollowButton } from '../../features/post-actions/components/FollowButton';
import { PostCardWithActions } from '../../features/post-actions/components/PostCardWithActions';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function HomeRoute() {
  useDocumentTitle('Home');
  const { message, dismiss } = useQueryMessage();
  return (
    <HomeFeed
      banner={message ? <MessageBanner message={message} onDismiss={dismiss} /> : undefined}
      renderPost={(post) => <PostCardWithActions post={post} />}
      aside={<SidePanels renderFollow={(userId) => <FollowButton authorId={userId} active />} />}
    />
  );
}
