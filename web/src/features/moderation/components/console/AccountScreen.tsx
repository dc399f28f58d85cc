import { Link } from 'react-router';
import type { ModAccountResponse } from '@inkwell/contract/schemas';
import { useModAccount } from '../../api/console';
import { ActionLines, CaseHistory } from './CaseHistory';
import { CaseServer } from './CaseServer';
import { Tag, When, h2Class, quietLink, tallyWords } from './CaseParts';
import { ConsoleDetail } from './ConsoleDetail';

type Account = ModAccountResponse['account'];

/** Who the account is: its address, tags (elsewhere, staff, closed), when it joined, its counts and its profile. */
function Who({ account }: { account: Account }) {
  return (
    <div className="mt-3 space-y-2 text-[15px] text-zinc-700 dark:text-zinc-300">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {account.address && <span className="break-all">{account.address}</span>}
        {account.elsewhere && <Tag tone="sky">Account elsewhere</Tag>}
        {account.role && <Tag tone="emerald">{account.role.charAt(0).toUpperCase() + account.role.slice(1)}</Tag>}
        {account.deactivated_at && <Tag tone="amber">Closed by its owner</Tag>}
      </p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Known here since <When value={account.joined_at} /> · {account.posts} {account.posts === 1 ? 'story' : 'stories'} · {account.followers}{' '}
        {account.followers === 1 ? 'follower' : 'followers'}
      </p>
      <p className="text-sm">
        {account.elsewhere ? (
          <a href={account.href} rel="noopener noreferrer nofollow" target="_blank" className={quietLink}>
            Its profile on its server
          </a>
        ) : (
          <Link to={account.href} className={quietLink}>
            Its profile
          </Link>
        )}
      </p>
    </div>
  );
}

/** The actions in force on the account now, each with its reason and end. */
function InForce({ actions }: { actions: ModAccountResponse['in_force'] }) {
  return (
    <section aria-labelledby="account-now" className="mt-8">
      <h2 id="account-now" className={h2Class}>
        In force now
      </h2>
      {actions.length === 0 ? (
        <p className="mt-3 text-[15px] text-zinc-600 dark:text-zinc-400">Nothing: the account reads and writes as any other.</p>
      ) : (
        <ul aria-label="In force now" className="mt-3 space-y-2">
          {actions.map((action) => (
            <li
              key={action.id}
              className="space-y-1 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-zinc-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-zinc-200"
            >
              <ActionLines action={action} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AccountBody({ data }: { data: ModAccountResponse }) {
  return (
    <>
      <Who account={data.account} />
      <InForce actions={data.in_force} />
      <p className="mt-6 text-sm text-zinc-700 dark:text-zinc-300">
        <span className="text-zinc-600 dark:text-zinc-400">Its reports here: </span>
        {tallyWords(data.reports)}
      </p>
      <CaseHistory history={data.history} hasAccount />
      {data.server && <CaseServer server={data.server} />}
    </>
  );
}

/** /mod/accounts/:id (issue 47): one account — a member or an account elsewhere — what is in force on it, its past, its server. */
export function AccountScreen({ id }: { id: number }) {
  const query = useModAccount(id);
  const account = query.data?.account;
  const title = account?.name?.trim() || account?.address || `Account ${id}`;
  return (
    <ConsoleDetail title={title} what="The account" query={query} missing={{ title: 'No such account', text: `There is no account ${id}.` }}>
      {(data) => <AccountBody data={data} />}
    </ConsoleDetail>
  );
}
