import { ImageIcon } from 'lucide-react';
import { PostBody } from '../../../components/PostBody';

interface PostPreviewProps {
  title: string;
  subtitle: string;
  coverUrl: string | null;
  readTime: number;
  html: string;
}

/** SPEC §2: the live 'Post Preview' beside the form (below it on phones). */
export function PostPreview({ title, subtitle, coverUrl, readTime, html }: PostPreviewProps) {
  return (
    <section aria-labelledby="post-preview-heading" data-testid="post-preview">
      <h2 id="post-preview-heading" className="mb-3 text-xs font-semibold uppercase tracking-[0.14em] text-zinc-500 dark:text-zinc-400">
        Post Preview
      </h2>
      <article className="overflow-hidden rounded-xl bg-white ring-1 ring-zinc-200 dark:bg-zinc-900/40 dark:ring-zinc-800">
        <div className="aspect-[2/1] w-full bg-zinc-100 dark:bg-zinc-900">
          {coverUrl ? (
            <img src={coverUrl} alt="" data-testid="preview-cover" className="size-full object-cover" />
          ) : (
            <div className="flex size-full items-center justify-center text-zinc-400 dark:text-zinc-600">
              <ImageIcon aria-hidden="true" className="size-10" />
            </div>
          )}
        </div>
        <div className="px-5 py-6 sm:px-8">
          <div className="mx-auto max-w-[680px]">
            <h3
              data-testid="preview-title"
              className={`font-sans text-3xl font-bold leading-tight tracking-tight break-words ${title ? 'text-zinc-900 dark:text-zinc-50' : 'text-zinc-300 dark:text-zinc-700'}`}
            >
              {title || 'Title'}
            </h3>
            <p
              data-testid="preview-subtitle"
              className={`mt-2 font-serif text-xl leading-snug break-words ${subtitle ? 'text-zinc-600 dark:text-zinc-400' : 'text-zinc-300 dark:text-zinc-700'}`}
            >
              {subtitle || 'Subtitle'}
            </p>
            <p data-testid="preview-read-time" className="mt-4 text-sm text-zinc-500 dark:text-zinc-400">
              {readTime} min read
            </p>
          </div>
          <div className="mt-6 border-t border-zinc-100 pt-6 dark:border-zinc-800">
            {html ? (
              <PostBody html={html} />
            ) : (
              <p className="mx-auto max-w-[680px] font-serif text-lg text-zinc-400 dark:text-zinc-600">Your story will appear here as you write.</p>
            )}
          </div>
        </div>
      </article>
    </section>
  );
}
