import { Link, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import { TEXT, paths } from '@inkwell/contract';
import { AuthCard } from '../../components/AuthCard';
import { buttonStyles } from '../../components/Button';
import { ResendVerificationForm } from '../../features/auth/components/ResendVerificationForm';
import { DocumentTitle } from '../../components/DocumentTitle';
import type { Screen } from '../screen';

export const screen: Screen = { render: 'everyone' };

export default function VerifiedRoute() {
  const [searchParams] = useSearchParams();
  const message = searchParams.get('message');
  const success = searchParams.get('success') === 'true';
  const tone = success
    ? 'bg-emerald-50 text-emerald-900 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800'
    : 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800';
  return (
    <>
      <DocumentTitle title="Verify your email" />
      <AuthCard title={TEXT.verifiedTitle}>
        <div className="flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
            <MailCheck aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-4 text-base leading-7 text-zinc-700 dark:text-zinc-300">{TEXT.verifiedLinkSent}</p>
          {message && (
            <p role="status" data-testid="verified-message" className={`mt-4 w-full rounded-xl px-4 py-3 text-sm ring-1 ${tone}`}>
              {message}
            </p>
          )}
          <Link to={paths.login.getHref()} className={`${buttonStyles.primary} mt-6 w-full`}>
            Login
          </Link>
        </div>
        <div className="mt-8 border-t border-zinc-200 pt-6 dark:border-zinc-800">
          <ResendVerificationForm />
        </div>
      </AuthCard>
    </>
  );
}
