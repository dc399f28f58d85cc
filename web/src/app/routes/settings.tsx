import { SettingsScreen } from '../../features/settings/components/SettingsScreen';
import { useSession } from '../../lib/session';

export default function SettingsRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return <SettingsScreen userId={session.id} />;
}
