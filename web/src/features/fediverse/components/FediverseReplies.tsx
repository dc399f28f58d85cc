import { ExternalLink, Repeat2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { TEXT, paths, relativeTime, type FediverseReply, type FediverseThread } from '@inkwell/contract';
import { useNow } from '../../../lib/use-now';
import { Avatar } from '../../../components/Avatar';
import { useEffect, useRef, useState } from 'react';
import { LazyConfirmDialog } from '../../../components/LazyConfirmDialog';
import { useSession } from '../../../lib/session';
import { useAnswerFediverseReply, useDeleteFediverseReply, useFediverseReplies } from '../api/fediverse-replies';
import { CommentForm } from '../../../components/CommentForm';
import { commentDraftKey } from '../../../lib/comment-drafts';
import { useFediverseBlock } from '../../../components/use-fediverse-block';

export { fediverseRepliesQueryOptions } from '../api/fediverse-replies';

type Said = Omit<FediverseReply, 'reply_to_id'>;

const external = { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } as const;
const nameClass = 'block truncate font-semibold text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-100';

/** Who wrote it, their picture and when. */
function Byline({ said, size }: { said: Said; size: 28 | 32 }) {
  const now = useNow();
  const { remote, user } = said;
  const name = remote ? remote.name || remote.handle : user?.name?.trim() || TEXT.anonymous;
  // Theirs from their server over https only (the page's CSP allows no other).
  const picture = remote ? (remote.icon_url?.startsWith('https://') ? remote.icon_url : null) : user?.profile_picture;
  return (
    <div className="flex items-center gap-2.5">
      <Avatar src={picture} size={size} />
      <div className="min-w-0 text-sm leading-5">
        {remote?.url ? (
          <a href={remote.url} {...external} className={nameClass}>
            {name}
          </a>
        ) : user ? (
          <Link to={paths.viewProfile.getHref(user.id)} className={nameClass}>
            {name}
          </Link>
        ) : (
          <span className={nameClass}>{name}</span>
        )}
        {/* The handle under a name (not twice when it is the name), then when. */}
        <p className="truncate text-zinc-600 dark:text-zinc-400">
          {remote?.name && `${remote.handle} · `}
          <time dateTime={said.created_at}>{relativeTime(said.created_at, now)}</time>
        </p>
      </div>
    </div>
  );
}

/** What the reader may do here: the story's writer removes any reply, a member their own answer; members answer. */
interface Controls {
  postId: number;
  viewerId: number | null;
  ownerId: number;
  answerable: boolean;
  remove: ReturnType<typeof useDeleteFediverseReply>;
  answer: ReturnType<typeof useAnswerFediverseReply>;
}

const textButton =
  'rounded-md px-1.5 py-1 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/** Remove, asked once more; `thread`: it opened one, which goes with it. */
function Remove({ said, thread, controls }: { said: Said; thread: boolean; controls: Controls }) {
  const [confirming, setConfirming] = useState(false);
  const { remove } = controls;
  // A member's own answer on someone else's story is deleted, and taken back where it went.
  const ownAnswer = controls.viewerId !== controls.ownerId;
  return (
    <>
      <button type="button" disabled={remove.isPending} onClick={() => setConfirming(true)} className={textButton}>
        {ownAnswer ? 'Delete' : 'Remove'}
      </button>
      <LazyConfirmDialog
        open={confirming}
        title={ownAnswer ? 'Delete your reply?' : 'Remove this reply from your story?'}
        message={
          ownAnswer
            ? 'It goes from here and is taken back from the servers it was sent to.'
            : `${thread ? 'It and the answers to it' : 'It'} will no longer show here. A reply from another server stays on it.`
        }
        confirmLabel={ownAnswer ? 'Delete' : 'Remove'}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(said.id, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}

/** The story's writer blocks the account of another server that wrote a reply, asked once more. */
function Block({ account, controls }: { account: NonNullable<Said['remote']>; controls: Controls }) {
  const [confirming, setConfirming] = useState(false);
  const block = useFediverseBlock(controls.ownerId);
  return (
    <>
      {/* Named as a member's comment names whom it blocks. */}
      <button type="button" disabled={block.isPending} onClick={() => setConfirming(true)} className={textButton}>
        Block {account.name || account.handle}
      </button>
      <LazyConfirmDialog
        open={confirming}
        title={`Block ${account.handle}?`}
        message="They can no longer follow you, like, boost or reply to your stories, and you are not told of them. What they wrote here stays until you remove it."
        confirmLabel="Block"
        busy={block.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => block.mutate({ accountId: account.account_id, block: true }, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}

/** The text (plain, line breaks kept, never HTML), a link to where it lives, and what the reader may do. */
function Body({ said, children }: { said: Said; children?: ReactNode }) {
  return (
    <>
      <p className="mt-2 whitespace-pre-wrap break-words text-[15px] leading-6 text-zinc-800 dark:text-zinc-200">{said.body}</p>
      <div className="mt-1 -ml-1.5 flex flex-wrap items-center gap-1">
        {said.url && (
          <a
            href={said.url}
            {...external}
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium text-zinc-600 hover:text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-400 dark:hover:text-zinc-100"
          >
            View on {new URL(said.url).host}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(in a new tab)</span>
          </a>
        )}
        {children}
      </div>
    </>
  );
}

/** One reply: who, what, where it lives; Reply opens a box answering it (`name`: whom), Remove or Delete when the reader may. */
function Item({ said, name, thread, controls }: { said: Said; name: string; thread: boolean; controls: Controls }) {
  const [answering, setAnswering] = useState(false);
  const { viewerId, ownerId, answer, postId } = controls;
  const mayRemove = viewerId !== null && (viewerId === ownerId || said.user?.id === viewerId);
  return (
    <>
      <Body said={said}>
        {controls.answerable && (
          <button type="button" className={textButton} aria-expanded={answering} onClick={() => setAnswering((open) => !open)}>
            Reply
          </button>
        )}
        {mayRemove && <Remove said={said} thread={thread} controls={controls} />}
        {viewerId === ownerId && said.remote && <Block account={said.remote} controls={controls} />}
      </Body>
      {answering && (
        <div className="mt-3">
          <CommentForm
            label={`Reply to ${name}`}
            submitLabel="Reply"
            placeholder="Write a reply…"
            busy={answer.isPending}
            autoFocus
            draftKey={`${commentDraftKey(postId)}:fediverse:${said.id}`}
            onCancel={() => setAnswering(false)}
            onSubmit={(reply, userId) => answer.mutateAsync({ userId, replyToId: said.id, reply }).then(() => setAnswering(false))}
          />
        </div>
      )}
    </>
  );
}

const nameOf = (said: Said) => said.remote?.name || said.remote?.handle || said.user?.name?.trim() || TEXT.anonymous;

function Thread({ thread, controls }: { thread: FediverseThread; controls: Controls }) {
  const names = new Map(thread.replies.map((reply) => [reply.id, nameOf(reply)]));
  return (
    <li id={`fediverse-${thread.id}`} data-testid="fediverse-reply" className="scroll-mt-20 border-b border-zinc-200 py-5 dark:border-zinc-800">
      <Byline said={thread} size={32} />
      <Item said={thread} name={nameOf(thread)} thread={thread.replies.length > 0} controls={controls} />
      {thread.replies.length > 0 && (
        <ul aria-label="Answers" className="mt-3 border-l-2 border-zinc-200 pl-4 sm:ml-4 dark:border-zinc-800">
          {thread.replies.map((reply) => (
            <li key={reply.id} id={`fediverse-${reply.id}`} data-testid="fediverse-answer" className="scroll-mt-20 py-3">
              <Byline said={reply} size={28} />
              {reply.reply_to_id !== null && names.has(reply.reply_to_id) && (
                <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
                  Replying to{' '}
                  <a href={`#fediverse-${reply.reply_to_id}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                    {names.get(reply.reply_to_id)}
                  </a>
                </p>
              )}
              <Item said={reply} name={nameOf(reply)} thread={false} controls={controls} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * A notification's link to one of them (#fediverse-<id>): scrolled to once they are there (they come
 * after the post, their code apart from its first load), once per navigation.
 */
function useScrollToReply(loaded: boolean) {
  const { hash, key } = useLocation();
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || scrolledFor.current === key || !/^#fediverse-\d+$/.test(hash)) return;
    scrolledFor.current = key;
    document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [loaded, hash, key]);
}

/**
 * A story's replies from Mastodon and the rest of the fediverse (issue 30, ADR 0073), under its
 * comments: each with its author's name, handle and picture, a link to it on its server, and the
 * answers in its thread. Members answer them from here (sent back to the thread as a Note: ADR 0073);
 * the story's writer may remove any, a member their own answers. How many boosted the story there
 * comes first. Nothing when there are neither replies nor boosts.
 */
export default function FediverseReplies({ postId, ownerId }: { postId: number; ownerId: number }) {
  const { data } = useFediverseReplies(postId);
  const session = useSession();
  const viewerId = session ? Number(session.id) : null;
  const remove = useDeleteFediverseReply(postId, viewerId);
  const answer = useAnswerFediverseReply(postId);
  useScrollToReply(Boolean(data));
  const threads = data?.comments;
  if (!data || (threads!.length === 0 && data.boosts === 0)) return null;
  const controls: Controls = { postId, viewerId, ownerId, answerable: data.answerable, remove, answer };
  const total = threads!.reduce((sum, thread) => sum + 1 + thread.replies.length, 0);
  return (
    <section aria-labelledby="fediverse-replies-heading" className="mt-8">
      <h3 id="fediverse-replies-heading" className="font-serif text-xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
        From the fediverse {total > 0 && <span className="text-zinc-500 dark:text-zinc-400">({total})</span>}
      </h3>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {/* Its likes from there count with the likes above. */}
        {data.boosts > 0 && (
          <span data-testid="fediverse-boosts" className="mr-1.5 inline-flex items-center gap-1 font-medium text-zinc-800 dark:text-zinc-200">
            <Repeat2 aria-hidden="true" className="size-4" />
            Boosted {data.boosts === 1 ? 'once' : `${data.boosts} times`}.
          </span>
        )}
        The story’s conversation with Mastodon and other servers of the fediverse.
      </p>
      {total > 0 && (
        <ul aria-label="Replies from the fediverse" className="mt-2">
          {threads!.map((thread) => (
            <Thread key={thread.id} thread={thread} controls={controls} />
          ))}
        </ul>
      )}
    </section>
  );
}
