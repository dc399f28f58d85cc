import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { DEFAULT_POST_IMAGE, paths } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { useNotice } from '../../../components/NoticeProvider';
import { isApiError } from '../../../lib/api-client';
import { storageUrl } from '../../../lib/media';
import { usePostForEdit } from '../api/get-post-for-edit';
import { FormSkeleton } from './FormSkeleton';
import { PostForm } from './PostForm';

export const NOT_OWNER_TEXT = 'You can only edit your own posts.';
export const POST_MISSING_TEXT = 'This post does not exist.';

/** /edit-post/{id} (plain id): loads the post, lets only its owner in (SPEC §6), then the form. */
export function EditPostScreen({ rawId, userId }: { rawId: string | undefined; userId: string }) {
  const postId = rawId && /^\d{1,15}$/.test(rawId) ? Number(rawId) : 0;
  const post = usePostForEdit(postId, userId);
  const { showNotice } = useNotice();

  // Not found, refused or unreadable (the spec's 'post set to empty'): there is nothing to edit.
  const missing = postId <= 0 || (post.isError && isApiError(post.error) && post.error.status > 0 && post.error.status < 500 && post.error.status !== 401);
  const foreign = post.data !== undefined && post.data.user_id !== Number(userId);

  useEffect(() => {
    // The screen changes to home at once: the notice goes along to say why.
    if (missing) showNotice(POST_MISSING_TEXT, 'warning_light', { carry: true });
    else if (foreign) showNotice(NOT_OWNER_TEXT, 'warning_light', { carry: true });
  }, [missing, foreign, showNotice]);

  if (missing || foreign) return <Navigate to={paths.home.getHref()} replace />;

  if (post.isError) {
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-5 text-sm text-red-900 ring-1 ring-red-200 dark:bg-red-950/50 dark:text-red-100 dark:ring-red-900">
        <p>The post could not be loaded.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void post.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (!post.data) return <FormSkeleton label="Loading the post" />;

  const data = post.data;
  return (
    <PostForm
      userId={userId}
      postId={data.id}
      base={{ title: data.title, sub_title: data.sub_title, category_id: data.category_id === null ? '' : String(data.category_id), description: data.description }}
      currentCoverUrl={storageUrl(data.image, DEFAULT_POST_IMAGE)}
      author={{ name: data.author.name, profile_picture: data.author.profile_picture }}
      createdAt={data.created_at}
    />
  );
}
