import { useParams } from 'react-router';
import { EditPostScreen } from '../../features/editor/components/EditPostScreen';
import { WritingPage } from '../../features/editor/components/WritingPage';
import { DocumentTitle } from '../../components/DocumentTitle';
import { useSession } from '../../lib/session';

export default function EditPostRoute() {
  const { id } = useParams();
  const session = useSession();
  return (
    <>
      <DocumentTitle title="Edit post" />
      <WritingPage title="Edit your story" intro="Change what you like; the cover stays unless you choose a new one.">
        {session && <EditPostScreen key={id} rawId={id} userId={session.id} />}
      </WritingPage>
    </>
  );
}
