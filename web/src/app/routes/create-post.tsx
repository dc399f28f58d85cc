import { CreatePostScreen } from '../../features/editor/components/CreatePostScreen';
import { WritingPage } from '../../features/editor/components/WritingPage';
import { useOwnProfile } from '../../api/get-own-profile';
import { DocumentTitle } from '../../components/DocumentTitle';
import { useSession } from '../../lib/session';

export default function CreatePostRoute() {
  const session = useSession();
  const profile = useOwnProfile(session?.id);
  return (
    <>
      <DocumentTitle title="Write a post" />
      <WritingPage
        title="Write a story"
        intro="Give it a title, a subtitle and a category, and a cover if you like; the preview shows it as readers will. It is saved to your drafts as you write."
      >
        {session && <CreatePostScreen userId={session.id} author={profile.data ? { name: profile.data.name, profile_picture: profile.data.profile_picture } : undefined} />}
      </WritingPage>
    </>
  );
}
