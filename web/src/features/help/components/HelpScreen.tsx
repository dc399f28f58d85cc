import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { HELP_MESSAGE_MAX } from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { useSendHelp } from '../api/send-help';
import { PrivacyPolicy, TermsAndConditions } from './policies';

export const HELP_SECTIONS = [
  { key: 'privacy', label: 'Privacy Policy' },
  { key: 'terms', label: 'Terms and Conditions' },
  { key: 'need-help', label: 'Need Help' },
] as const;
type SectionKey = (typeof HELP_SECTIONS)[number]['key'];

function NeedHelp({ userId }: { userId: string }) {
  const [message, setMessage] = useState('');
  const send = useSendHelp(userId);
  const fieldId = useId();
  const hintId = useId();
  const text = message.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (text) send.mutate(text, { onSuccess: () => setMessage('') });
      }}
    >
      <p className="text-[15px] leading-7 text-zinc-700 dark:text-zinc-300">
        Something not working, a question about your account or your data, or an idea? Tell us: we read every message.
      </p>
      <label htmlFor={fieldId} className="mt-6 block text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        How can we help?
      </label>
      <textarea
        id={fieldId}
        value={message}
        maxLength={HELP_MESSAGE_MAX}
        rows={7}
        aria-describedby={hintId}
        onChange={(event) => setMessage(event.target.value)}
        className="mt-2 block w-full rounded-xl border border-zinc-300 bg-white p-3 text-[15px] leading-6 text-zinc-900 placeholder:text-zinc-500 focus:border-indigo-600 focus:outline-2 focus:outline-indigo-600/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        placeholder="Describe what happened, and what you expected."
      />
      <div className="mt-3 flex items-center justify-between gap-3">
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {message.length} / {HELP_MESSAGE_MAX}
        </p>
        <Button type="submit" busy={send.isPending} disabled={!text}>
          Tell us
        </Button>
      </div>
    </form>
  );
}

/**
 * /help (SPEC §2 Help): a navigation of Privacy Policy, Terms and Conditions and Need Help (a message
 * with 'Tell us'); the side panels show Conditions and Policy instead of Picks.
 */
export function HelpScreen({ userId, aside }: { userId: string; aside?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const current: SectionKey = HELP_SECTIONS.find((s) => s.key === params.get('section'))?.key ?? 'need-help';
  const label = HELP_SECTIONS.find((s) => s.key === current)!.label;
  const pageTitle = label === 'Need Help' ? 'Help' : label;

  return (
    <>
      <DocumentTitle title={pageTitle} />
      <div className="mx-auto w-full max-w-6xl px-4 pb-16 pt-8 sm:px-6 sm:pt-12 lg:grid lg:grid-cols-[200px_minmax(0,1fr)] lg:gap-12 xl:grid-cols-[200px_minmax(0,1fr)_280px]">
        <nav aria-label="Help" className="mb-6 lg:mb-0">
          <ul className="flex gap-1 overflow-x-auto lg:flex-col">
            {HELP_SECTIONS.map((section) => (
              <li key={section.key} className="shrink-0">
                <button
                  type="button"
                  aria-current={section.key === current ? 'page' : undefined}
                  onClick={() => setParams({ section: section.key }, { replace: true })}
                  className={`w-full rounded-lg px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                    section.key === current
                      ? 'bg-zinc-100 font-semibold text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50'
                      : 'text-zinc-600 hover:bg-zinc-50 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-900 dark:hover:text-zinc-100'
                  }`}
                >
                  {section.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="help-heading" className="min-w-0">
          <h1 id="help-heading" className="font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">
            {label}
          </h1>
          <div className="mt-4 border-t border-zinc-200 pt-6 dark:border-zinc-800">
            {current === 'privacy' ? <PrivacyPolicy /> : current === 'terms' ? <TermsAndConditions /> : <NeedHelp userId={userId} />}
          </div>
        </section>
        {aside && <aside className="hidden xl:block">{aside}</aside>}
      </div>
    </>
  );
}
