import { useSearchParams } from 'react-router';
import { CaseQueue } from '../../features/moderation/components/console/CaseQueue';
import { caseFilterOf, modCasesQueryOptions } from '../../features/moderation/api/console';
import { serverRulesQueryOptions } from '../../features/moderation/api/rules';
import { useSession } from '../../lib/session';
import type { Screen } from '../screen';

/** Rendered for a signed-in member (its bulk form works before the app's scripts); the API says whether they are staff. */
export const screen: Screen = {
  render: 'members',
  load: ({ url, client, viewerId }) => {
    if (!viewerId) return [];
    const filter = caseFilterOf(url.searchParams);
    return [client.prefetchInfiniteQuery(modCasesQueryOptions(filter)), ...(filter.status === 'open' ? [client.prefetchQuery(serverRulesQueryOptions())] : [])];
  },
};

/** The moderators' queue (/mod?status=resolved&kind=comment). */
export default function ModRoute() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  if (!session) return null; // RequireSession sends visitors to /login
  return <CaseQueue userId={session.id} filter={caseFilterOf(searchParams)} />;
}
