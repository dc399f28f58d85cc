import { SubscribersScreen } from '../../features/newsletter/components/SubscribersScreen';
import { useSession } from '../../lib/session';

/** /subscribers: the writer's own newsletter list (a member's own screen: the shell, filled by the app). */
export default function SubscribersRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return <SubscribersScreen userId={session.id} />;
}
