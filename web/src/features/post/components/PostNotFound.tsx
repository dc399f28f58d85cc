import { Link } from 'react-router';
import { paths } from '@inkwell/contract';
import { buttonStyles } from '../../../components/Button';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** A post address that names no post (a bad id, or a deleted post). */
export function PostNotFound() {
  useDocumentTitle('Post not found');
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">Post not found</h1>
      <p className="mt-4 max-w-md font-serif text-lg leading-relaxed text-zinc-700 dark:text-zinc-300">
        This story is not here. It may have been deleted, or the link is not quite right.
      </p>
      <Link to={paths.home.getHref()} className={`${buttonStyles.primary} mt-8`}>
        Back to the feed
      </Link>
    </section>
  );
}
