import { StatsScreen } from '../../features/stats/components/StatsScreen';
import { useSession } from '../../lib/session';

export default function StatsRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return <StatsScreen userId={session.id} />;
}
