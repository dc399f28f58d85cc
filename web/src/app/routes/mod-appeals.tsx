import { useSearchParams } from 'react-router';
import { AppealsScreen } from '../../features/moderation/components/console/AppealsScreen';
import { appealStatusOf, modAppealsQueryOptions } from '../../features/moderation/api/console-appeals';
import { useSession } from '../../lib/session';
import type { Screen } from '../screen';

/** Rendered for a signed-in member (each answer is a plain form); the API says whether they may answer appeals. */
export const screen: Screen = {
  render: 'members',
  load: ({ url, client, viewerId }) => (viewerId ? [client.prefetchInfiniteQuery(modAppealsQueryOptions(appealStatusOf(url.searchParams)))] : []),
};

/** The appeals in the console (/mod/appeals, /mod/appeals?status=answered). */
export default function ModAppealsRoute() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  if (!session) return null; // RequireSession sends visitors to /login
  return <AppealsScreen status={appealStatusOf(searchParams)} />;
}
