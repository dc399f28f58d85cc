import type { ReactNode } from 'react';
import { TEXT } from '@inkwell/contract';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { useSession } from '../../../lib/session';
import { useCategories } from '../../../api/categories';
import { useCategoryPosts } from '../api/category-posts';
import { ListPage } from '../../../components/ListPage';
import { PostFeedList, type RenderPost } from '../../../components/PostFeedList';

/** SPEC §2 Category posts: one category's posts with infinite scroll, under the category's name (and `action`: its Follow). */
export function CategoryFeed({ categoryId, renderPost, action }: { categoryId: number; renderPost: RenderPost; action?: ReactNode }) {
  const session = useSession();
  const categories = useCategories();
  const posts = useCategoryPosts(categoryId, session?.id);
  const name = categories.data?.find((item) => item.id === categoryId)?.name;
  const pageTitle = name ?? 'Category';

  return (
    <>
      <DocumentTitle title={pageTitle} />
      <ListPage
        title={name ?? (categories.isPending ? <span className="inline-block h-9 w-48 animate-pulse rounded-lg bg-zinc-200 align-middle dark:bg-zinc-800" /> : 'Category')}
        intro={categories.data?.find((item) => item.id === categoryId)?.description ?? undefined}
        action={action}
      >
        <PostFeedList query={posts} renderPost={renderPost} emptyText={TEXT.noPosts} label={`Posts in ${name ?? 'this category'}`} />
      </ListPage>
    </>
  );
}
