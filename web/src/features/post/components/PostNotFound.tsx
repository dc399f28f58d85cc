import { NotHere } from '../../../components/NotHere';
import { AccountSuspended } from '../../../components/AccountSuspended';

/** A post address that names no post (a bad id, or a deleted post), or a post of a suspended account (410). */
export function PostNotFound({ suspended = false }: { suspended?: boolean }) {
  if (suspended) return <AccountSuspended />;
  return <NotHere title="Post not found">This story is not here. It may have been deleted, or the link is not quite right.</NotHere>;
}
