import type { FormEcho } from '@inkwell/contract';
import type { HelpLine } from '@inkwell/contract/schemas';
import { Tag, When } from './CaseParts';
import { HelpAnswerForm } from './HelpAnswerForm';

/** Who asked, in words: their name, else their address, else their number. */
const memberOf = ({ member }: HelpLine) => member.name?.trim() || member.address?.trim() || `Member ${member.id}`;

interface HelpItemProps {
  request: HelpLine;
  /** The echo of its plain form, refused before the app's scripts ran (null for any other request). */
  echo: FormEcho | null;
  onAnswered: (message: string) => void;
}

/**
 * One help request: who asked and when, their words (plain text, never markup), then the answer given
 * (by whom and when), or the form to answer it.
 */
export function HelpItem({ request, echo, onAnswered }: HelpItemProps) {
  const headingId = `help-${request.id}`;
  return (
    <li className="border-b border-zinc-200 py-6 dark:border-zinc-800">
      <article aria-labelledby={headingId} className="space-y-3 text-sm text-zinc-700 dark:text-zinc-300">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={headingId} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
            Help request {request.id}
          </h2>
          {request.status === 'open' ? <Tag tone="amber">Waiting for an answer</Tag> : <Tag tone="emerald">Answered</Tag>}
          <span className="text-zinc-600 dark:text-zinc-400">
            Asked <When value={request.created_at} />
          </span>
        </div>
        <div>
          <p className="text-zinc-600 dark:text-zinc-400">
            <span className="break-words font-medium text-zinc-900 dark:text-zinc-100">{memberOf(request)}</span> wrote:
          </p>
          <p className="mt-1 whitespace-pre-line break-words font-serif text-base text-zinc-900 dark:text-zinc-100">{request.message}</p>
        </div>
        {request.status === 'answered' ? (
          <div>
            <p className="text-zinc-600 dark:text-zinc-400">
              Answered{request.answered_by ? ` by ${request.answered_by}` : ''}
              {request.answered_at && (
                <>
                  , <When value={request.answered_at} />
                </>
              )}
              :
            </p>
            {request.answer && <p className="mt-1 whitespace-pre-line break-words border-l-2 border-zinc-300 pl-3 dark:border-zinc-700">{request.answer}</p>}
          </div>
        ) : (
          <HelpAnswerForm requestId={request.id} echo={echo} onAnswered={onAnswered} />
        )}
      </article>
    </li>
  );
}
