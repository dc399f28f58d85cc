import { NotificationsScreen } from '../../features/notifications/components/NotificationsScreen';
import { useSession } from '../../lib/session';

export default function NotificationsRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return <NotificationsScreen userId={session.id} />;
}
