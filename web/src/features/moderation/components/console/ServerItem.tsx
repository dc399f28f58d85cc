import { type FormEvent, useId, useRef, useState } from 'react';
import { paths } from '@inkwell/contract';
import type { FormEcho } from '@inkwell/contract';
import type { ServerBlock } from '@inkwell/contract/schemas';
import { Button } from '../../../../components/Button';
import { isApiError } from '../../../../lib/api-client';
import { useRemoveServerBlock } from '../../api/console-servers';
import { Tag, When } from './CaseParts';
import { problemOf } from './ConsoleBits';
import { ServerBlockForm } from './ServerBlockForm';

/** A block's severity as its tag says it. */
const SEVERITY_TAGS: Readonly<Record<ServerBlock['severity'], { text: string; tone: 'amber' | 'sky' | 'zinc' }>> = {
  suspend: { text: 'Suspended', tone: 'amber' },
  silence: { text: 'Limited', tone: 'sky' },
  noop: { text: 'No block', tone: 'zinc' },
};

/** What is refused of a server beyond its severity, in words; null when nothing is. */
function refusedOf(server: ServerBlock): string | null {
  const parts = [server.reject_media && 'its media', server.reject_reports && 'its reports'].filter(Boolean);
  return parts.length > 0 ? `Refused: ${parts.join(' and ')}.` : null;
}

const count = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'account' : 'accounts'} of it known here`;

function Comment({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <div>
      <p className="text-zinc-600 dark:text-zinc-400">{label}</p>
      <p className="mt-1 whitespace-pre-line break-words border-l-2 border-zinc-300 pl-3 dark:border-zinc-700">{text}</p>
    </div>
  );
}

interface ServerItemProps {
  server: ServerBlock;
  /** The echo of its edit form, refused before the app's scripts ran: the form shows open with it. */
  echo: FormEcho | null;
  onDone: (message: string) => void;
}

/**
 * One server's block: its domain, severity (in words, the colour only helps), what else is refused,
 * the comments (the private one said to be for staff), since when and how many of its accounts are
 * known; the same form as a new block's to change it, behind "Edit", and a plain form to lift it.
 */
export function ServerItem({ server, echo, onDone }: ServerItemProps) {
  const headingId = useId();
  const problemId = useId();
  const details = useRef<HTMLDetailsElement>(null);
  const remove = useRemoveServerBlock();
  const [problem, setProblem] = useState<string | null>(null);
  const refused = refusedOf(server);

  const lift = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    remove.mutate(server.domain, {
      onSuccess: (done) => onDone(done.message),
      onError: (error) => setProblem((isApiError(error) && error.field('domain')) || problemOf(error, 'The block could not be lifted. Please try again.')),
    });
  };

  const saved = (message: string) => {
    if (details.current) details.current.open = false;
    onDone(message);
  };

  return (
    <li className="border-b border-zinc-200 py-5 dark:border-zinc-800">
      <article aria-labelledby={headingId} className="space-y-3 text-sm text-zinc-700 dark:text-zinc-300">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={headingId} className="break-all text-base font-semibold text-zinc-900 dark:text-zinc-50">
            {server.domain}
          </h3>
          <Tag tone={SEVERITY_TAGS[server.severity].tone}>{SEVERITY_TAGS[server.severity].text}</Tag>
          {server.obfuscate && <Tag tone="sky">Partly hidden on the public list</Tag>}
        </div>
        {refused && <p className="font-medium text-zinc-900 dark:text-zinc-100">{refused}</p>}
        <Comment label="Public comment:" text={server.public_comment} />
        <Comment label="Private comment (staff only):" text={server.private_comment} />
        <p className="text-zinc-600 dark:text-zinc-400">
          Since <When value={server.created_at} /> · {count(server.accounts)}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <details ref={details} open={echo !== null} className="min-w-0 flex-1">
            <summary
              aria-label={`Edit the block on ${server.domain}`}
              className="cursor-pointer font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
            >
              Edit
            </summary>
            <div className="mt-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
              {/* Changed, the form starts again from the block as it now is. */}
              <ServerBlockForm key={server.updated_at} server={server} echo={echo} onSaved={saved} />
            </div>
          </details>
          <form
            method="post"
            action={paths.modServers.getHref()}
            onSubmit={lift}
            aria-label={`Lift the block on ${server.domain}`}
            aria-describedby={problem ? problemId : undefined}
            className="shrink-0"
          >
            <input type="hidden" name="form" value="remove" />
            <input type="hidden" name="domain" value={server.domain} />
            <Button type="submit" variant="secondary" className="w-full sm:w-auto" busy={remove.isPending} aria-label={`Lift the block on ${server.domain}`}>
              Lift the block
            </Button>
          </form>
        </div>
        {problem && (
          <p id={problemId} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
      </article>
    </li>
  );
}
