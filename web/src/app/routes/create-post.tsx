import { PostForm } from '../../features/editor/components/PostForm';
import { WritingPage } from '../../features/editor/components/WritingPage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';

export default function CreatePostRoute() {
  useDocumentTitle('Write a post');
  const session = useSession();
  return (
    <WritingPage title="Write a story" intro="Give it a title, a subtitle, a category and a cover; the preview shows it as readers will.">
      {session && <PostForm userId={session.id} />}
    </WritingPage>
  );
}
