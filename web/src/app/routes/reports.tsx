import { MyReports } from '../../features/moderation/components/MyReports';
import { myReportsQueryOptions } from '../../features/moderation/api/reports';
import { useSession } from '../../lib/session';
import type { Screen } from '../screen';

/** Rendered for a signed-in reader: their reports and where each stands, with the receipt of the one just made. */
export const screen: Screen = {
  render: 'members',
  load: ({ client, viewerId }) => (viewerId ? [client.prefetchInfiniteQuery(myReportsQueryOptions(viewerId))] : []),
};

export default function ReportsRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return <MyReports userId={session.id} />;
}
