import { Link } from 'react-router';
import { PenLine } from 'lucide-react';
import { paths } from '@inkwell/contract';
import { buttonStyles } from '../../../components/Button';
import { useQueryMessage } from '../hooks/use-query-message';
import { MessageBanner } from './MessageBanner';

/** Home for now: the message banner and a welcome; the feed (SPEC §2 Home feed) comes later. */
export function HomeWelcome({ signedIn }: { signedIn: boolean }) {
  const { message, dismiss } = useQueryMessage();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      {message && (
        <div className="mb-8">
          <MessageBanner message={message} onDismiss={dismiss} />
        </div>
      )}
      <p className="text-sm font-semibold uppercase tracking-widest text-indigo-700 dark:text-indigo-300">Welcome to Inkwell</p>
      <h1 className="mt-3 font-serif text-4xl font-bold leading-tight tracking-tight text-zinc-900 sm:text-5xl dark:text-zinc-50">
        Stories worth your time, from people worth following.
      </h1>
      <p className="mt-5 max-w-2xl font-serif text-xl leading-relaxed text-zinc-700 dark:text-zinc-300">
        Read thoughtful writing, follow the authors you love and keep the pieces that stay with you. Your feed will gather
        here soon.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={paths.createPost.getHref()} className={buttonStyles.primary}>
          <PenLine aria-hidden="true" className="size-4" />
          Start writing
        </Link>
        {!signedIn && (
          <Link to={paths.signup.getHref()} className={buttonStyles.secondary}>
            Create an account
          </Link>
        )}
      </div>
    </div>
  );
}
