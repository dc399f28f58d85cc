import { useParams } from 'react-router';
import { EditPostScreen } from '../../features/editor/components/EditPostScreen';
import { WritingPage } from '../../features/editor/components/WritingPage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';

export default function EditPostRoute() {
  useDocumentTitle('Edit post');
  const { id } = useParams();
  const session = useSession();
  return (
    <WritingPage title="Edit your story" intro="Change what you like; the cover stays unless you choose a new one.">
      {session && <EditPostScreen key={id} rawId={id} userId={session.id} />}
    </WritingPage>
  );
}
