import type { ReactNode } from 'react';
import { PostDate } from './PostDate';

interface PostHeaderProps {
  /** h1 on the post's page; the editor's preview sits under its own 'Post Preview' h2, so h3 there. */
  level: 1 | 3;
  title: string;
  subtitle: string;
  /** Greyed (the preview's placeholders before anything is typed), still at WCAG AA's contrast. */
  titleMuted?: boolean;
  subtitleMuted?: boolean;
  /** The author line: the hover card on the post page, the writer's avatar and name in the preview. */
  byline?: ReactNode;
  /**
   * Beside the author's name: Follow / Following on the post page (none on one's own story, none in
   * the preview). Its box has a fixed width, so the reader's state arriving after hydration moves nothing.
   */
  follow?: ReactNode;
  readTime: number;
  createdAt: string;
  /** The action bar under the meta line (like, comments, share, save); none in the preview. */
  actions?: ReactNode;
  /** Before the title: the post's category. */
  eyebrow?: ReactNode;
  /** Test ids: post-title, … on the page; preview-title, … in the editor. */
  testIdPrefix?: 'post' | 'preview';
}

/**
 * The top of a post as readers see it (SPEC §2 Post detail): title, subtitle, author, read time and
 * date. One component for the post page and the editor's live preview, so the preview looks like what
 * will be published.
 */
export function PostHeader(props: PostHeaderProps) {
  const { level, title, subtitle, titleMuted, subtitleMuted, byline, follow, readTime, createdAt, actions, eyebrow, testIdPrefix = 'post' } = props;
  const Title = level === 1 ? 'h1' : 'h3';
  return (
    <header>
      {eyebrow && <div className="mb-4">{eyebrow}</div>}
      <Title
        data-testid={`${testIdPrefix}-title`}
        className={`break-words font-serif text-3xl font-bold leading-tight tracking-tight sm:text-[42px] sm:leading-[1.15] ${
          titleMuted ? 'text-zinc-500 dark:text-zinc-400' : 'text-zinc-900 dark:text-zinc-50'
        }`}
      >
        {title}
      </Title>
      <p
        data-testid={`${testIdPrefix}-subtitle`}
        className={`mt-3 break-words text-xl leading-8 sm:text-[22px] ${subtitleMuted ? 'text-zinc-500 dark:text-zinc-400' : 'text-zinc-600 dark:text-zinc-400'}`}
      >
        {subtitle}
      </p>
      {byline && (
        <div className="mt-7 flex items-center gap-3 text-sm">
          {byline}
          {follow && (
            <>
              <span aria-hidden="true" className="text-zinc-400 dark:text-zinc-600">
                ·
              </span>
              <div data-testid="byline-follow" className="w-[6.5rem] shrink-0">
                {follow}
              </div>
            </>
          )}
        </div>
      )}
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        <span data-testid={`${testIdPrefix}-read-time`}>{readTime} min read</span>
        <span aria-hidden="true"> · </span>
        <PostDate value={createdAt} />
      </p>
      {actions && <div className="mt-6 flex items-center justify-between gap-2 border-y border-zinc-200 py-1.5 dark:border-zinc-800">{actions}</div>}
    </header>
  );
}
