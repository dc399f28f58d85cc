import { useSearchParams } from 'react-router';
import { HelpScreen } from '../../features/moderation/components/console/HelpScreen';
import { helpStatusOf, modHelpQueryOptions } from '../../features/moderation/api/console-help';
import { useSession } from '../../lib/session';
import type { Screen } from '../screen';

/** Rendered for a signed-in member (each answer is a plain form); the API says whether they may answer help requests. */
export const screen: Screen = {
  render: 'members',
  load: ({ url, client, viewerId }) => (viewerId ? [client.prefetchInfiniteQuery(modHelpQueryOptions(helpStatusOf(url.searchParams)))] : []),
};

/** The members' help requests in the console (/mod/help, /mod/help?status=answered). */
export default function ModHelpRoute() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  if (!session) return null; // RequireSession sends visitors to /login
  return <HelpScreen status={helpStatusOf(searchParams)} />;
}
