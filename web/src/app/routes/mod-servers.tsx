import { ServersScreen } from '../../features/moderation/components/console/ServersScreen';
import { modServersQueryOptions } from '../../features/moderation/api/console-servers';
import { useSession } from '../../lib/session';
import type { Screen } from '../screen';

/** Rendered for a signed-in member (each change is a plain form); the API says whether they may manage the servers. */
export const screen: Screen = {
  render: 'members',
  load: ({ client, viewerId }) => (viewerId ? [client.prefetchQuery(modServersQueryOptions())] : []),
};

/** The servers elsewhere in the console (/mod/servers). */
export default function ModServersRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return <ServersScreen />;
}
