import { SettingsScreen } from '../../features/settings/components/SettingsScreen';
import { WriterEmails } from '../../features/newsletter/components/WriterEmails';
import { useSession } from '../../lib/session';

export default function SettingsRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return <SettingsScreen userId={session.id} notificationExtra={<WriterEmails userId={session.id} />} />;
}
