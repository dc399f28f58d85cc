import { NotHere } from '../../../components/NotHere';

/** A post address that names no post (a bad id, or a deleted post). */
export function PostNotFound() {
  return <NotHere title="Post not found">This story is not here. It may have been deleted, or the link is not quite right.</NotHere>;
}
