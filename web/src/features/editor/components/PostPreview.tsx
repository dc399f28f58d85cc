import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_POST_IMAGE, TEXT, paths } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { PostBody } from '../../../components/PostBody';
import { PostHeader } from '../../../components/PostHeader';

export interface PreviewAuthor {
  name: string | null;
  profile_picture: string | null;
}

interface PostPreviewProps {
  title: string;
  subtitle: string;
  coverUrl: string | null;
  readTime: number;
  html: string;
  /** The writer, as readers will see them; without it no author line. */
  author?: PreviewAuthor;
  /** The post's date (editing); a new post shows today's. */
  createdAt?: string;
}

/**
 * SPEC §2: the live 'Post Preview' beside the form (below it on phones), laid out as the published post:
 * the same header (title, subtitle, author, read time and date), then the cover (the default picture
 * when none is chosen, as readers will see it), then the body.
 */
export function PostPreview({ title, subtitle, coverUrl, readTime, html, author, createdAt }: PostPreviewProps) {
  const [today] = useState(() => new Date().toISOString());
  const name = author?.name?.trim();
  return (
    <section aria-labelledby="post-preview-heading" data-testid="post-preview">
      <h2 id="post-preview-heading" className="mb-3 text-xs font-semibold uppercase tracking-[0.14em] text-zinc-500 dark:text-zinc-400">
        Post Preview
      </h2>
      <article className="rounded-xl bg-white px-5 py-6 ring-1 ring-zinc-200 sm:px-8 sm:py-8 dark:bg-zinc-900/40 dark:ring-zinc-800">
        <PostHeader
          level={3}
          testIdPrefix="preview"
          title={title || 'Title'}
          titleMuted={!title}
          subtitle={subtitle || 'Subtitle'}
          subtitleMuted={!subtitle}
          byline={
            author && (
              <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <Avatar src={author.profile_picture} size={44} />
                <span className="truncate font-medium text-zinc-800 dark:text-zinc-200">{name || TEXT.undefinedAuthor}</span>
                {!name && (
                  <Link to={paths.settings.getHref()} className="text-xs font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                    Add your name
                  </Link>
                )}
              </span>
            )
          }
          readTime={readTime}
          createdAt={createdAt ?? today}
        />
        <img
          src={coverUrl ?? DEFAULT_POST_IMAGE}
          alt=""
          data-testid={coverUrl ? 'preview-cover' : 'preview-default-cover'}
          className="mt-8 aspect-[16/9] w-full rounded-lg bg-zinc-100 object-cover dark:bg-zinc-800"
        />
        <div className="mt-10">
          {html ? <PostBody html={html} /> : <p className="mx-auto max-w-[680px] font-serif text-lg text-zinc-500 dark:text-zinc-400">Your story will appear here as you write.</p>}
        </div>
      </article>
    </section>
  );
}
