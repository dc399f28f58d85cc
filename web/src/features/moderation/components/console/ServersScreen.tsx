import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import type { FormEcho } from '@inkwell/contract';
import type { ServerBlock } from '@inkwell/contract/schemas';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import { LoadFailed } from '../../../../components/LoadFailed';
import { inputClass } from '../../../../components/TextField';
import { useFormEcho } from '../../../../lib/form-echo';
import { useHydrating } from '../../../../lib/use-hydrating';
import { serversCsvHref, useModServers } from '../../api/console-servers';
import { StaffOnly, h2Class, isForbidden, quietLink } from './CaseParts';
import { ConsoleNav } from './ConsoleNav';
import { labelClass } from './DecisionFields';
import { ServerBlockForm } from './ServerBlockForm';
import { ServerItem } from './ServerItem';
import { ServersImport } from './ServersImport';

/** From how many blocks on the list offers a filter (with the app's scripts). */
const FILTER_FROM = 20;

const sameDomain = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.trim().toLowerCase();

/** Where a plain form's echo goes: a block's edit form (its domain), the new block's form, the import, or the page (a lift refused). */
function echoesOf(echo: FormEcho | null, servers: ServerBlock[]) {
  const form = echo?.values.form;
  const save = form === 'save' ? echo : null;
  const item = save && servers.some((s) => sameDomain(s.domain, save.values.domain)) ? save : null;
  const other = echo && form !== 'save' && form !== 'import' ? echo : null;
  return {
    forItem: (server: ServerBlock) => (item && sameDomain(server.domain, item.values.domain) ? item : null),
    add: save && !item ? save : null,
    import: form === 'import' ? echo : null,
    problem: other ? (other.errors.domain ?? Object.values(other.errors)[0] ?? other.message) : null,
  };
}

const statusClass =
  'rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-[15px] font-medium text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100';

/**
 * /mod/servers (issue 47, ADR 0108): the servers elsewhere this server refuses, wholly or in part, for
 * staff who manage federation — a new block, the blocks by domain (each changed or lifted in place), a
 * Mastodon CSV imported, and the blocks exported as one. Every form is a plain form before the app's
 * scripts run (the server answers a refused one with the page and its echo, shown in its own form).
 */
export function ServersScreen() {
  const list = useModServers();
  const hydrating = useHydrating();
  const formEcho = useFormEcho();
  const [echo, setEcho] = useState<FormEcho | null>(() => (formEcho.path ? formEcho : null));
  const [done, setDone] = useState<string | null>(null);
  const [addKey, setAddKey] = useState(0);
  const [filter, setFilter] = useState('');
  const ids = { add: useId(), list: useId(), io: useId(), filter: useId() };
  const forbidden = isForbidden(list.error);
  const servers = list.data?.servers ?? [];
  const echoes = echoesOf(echo, servers);
  const wanted = filter.trim().toLowerCase();
  const shown = wanted ? servers.filter((s) => s.domain.toLowerCase().includes(wanted)) : servers;

  const saidDone = (message: string) => {
    setDone(message);
    setEcho(null);
  };

  return (
    <section className="mx-auto w-full max-w-[960px] px-4 pb-16 pt-8 sm:px-6 sm:pt-12">
      <DocumentTitle title="Servers" noindex />
      <ConsoleNav current="servers" />
      <h1 className="mt-4 font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-zinc-50">Servers</h1>
      <p className="mt-2 text-base text-zinc-600 dark:text-zinc-400">
        Servers elsewhere on the fediverse that this server refuses, wholly or in part. A block covers the domain’s subdomains.
      </p>
      {forbidden ? (
        <StaffOnly />
      ) : (
        <>
          {echoes.problem && (
            <p role="alert" className="mt-6 text-sm text-red-700 dark:text-red-400">
              {echoes.problem}
            </p>
          )}
          <section aria-labelledby={ids.add} className="mt-8 rounded-2xl border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800">
            <h2 id={ids.add} className={h2Class}>
              Add a block
            </h2>
            <div className="mt-4">
              <ServerBlockForm
                // A change sent before the scripts ran is told from a new block once the list is here (its domain blocked or not).
                key={echo?.values.form === 'save' && !list.data ? 'waiting' : addKey}
                echo={addKey === 0 ? echoes.add : null}
                onSaved={(message) => {
                  setAddKey((key) => key + 1);
                  saidDone(message);
                }}
              />
            </div>
          </section>

          <section aria-labelledby={ids.list} className="mt-10">
            <h2 id={ids.list} className={h2Class}>
              Blocked servers
            </h2>
            {done && (
              <p role="status" className={`mt-4 ${statusClass}`}>
                {done}
              </p>
            )}
            {!hydrating && servers.length > FILTER_FROM && (
              <div className="mt-4">
                <label htmlFor={ids.filter} className={labelClass}>
                  Find a domain
                </label>
                <input
                  id={ids.filter}
                  type="search"
                  value={filter}
                  onChange={(event) => setFilter(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  className={`${inputClass} mt-1.5 sm:max-w-md`}
                />
              </div>
            )}
            {list.isPending ? (
              <div role="status" aria-busy="true" aria-label="Loading the servers" className="mt-6 h-32 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" />
            ) : list.isError && servers.length === 0 ? (
              <LoadFailed what="The servers" onRetry={() => void list.refetch()} />
            ) : servers.length === 0 ? (
              <p className="py-12 text-center font-serif text-lg text-zinc-600 dark:text-zinc-400">No server is blocked.</p>
            ) : shown.length === 0 ? (
              <p className="py-12 text-center font-serif text-lg text-zinc-600 dark:text-zinc-400">No blocked server matches “{filter.trim()}”.</p>
            ) : (
              <ul aria-label="Blocked servers" className="mt-2 border-t border-zinc-200 dark:border-zinc-800">
                {shown.map((server) => (
                  <ServerItem key={server.domain} server={server} echo={echoes.forItem(server)} onDone={saidDone} />
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby={ids.io} className="mt-10">
            <h2 id={ids.io} className={h2Class}>
              Import and export
            </h2>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              {/* A plain link: the browser downloads the file itself, with the session's cookies. */}
              <a href={serversCsvHref} download className={`${quietLink} inline-flex items-center gap-1.5`}>
                <Download aria-hidden="true" className="size-4" />
                Download as CSV (Mastodon’s format)
              </a>
              <span className="text-zinc-600 dark:text-zinc-400">Every block, to import on another server.</span>
            </p>
            <div className="mt-6">
              <ServersImport echo={echoes.import} />
            </div>
          </section>
        </>
      )}
    </section>
  );
}
