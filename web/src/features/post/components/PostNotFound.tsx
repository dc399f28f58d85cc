import { NotHere } from '../../../components/NotHere';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** A post address that names no post (a bad id, or a deleted post). */
export function PostNotFound() {
  useDocumentTitle('Post not found');
  return <NotHere title="Post not found">This story is not here. It may have been deleted, or the link is not quite right.</NotHere>;
}
