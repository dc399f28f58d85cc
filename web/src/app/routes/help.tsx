import { HelpScreen } from '../../features/help/components/HelpScreen';
import { SidePanels } from '../../features/home/components/SidePanels';
import { FollowButton } from '../../features/post-actions/components/FollowButton';
import { useSession } from '../../lib/session';

export default function HelpRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return <HelpScreen userId={session.id} aside={<SidePanels variant="help" renderFollow={(id, following) => <FollowButton authorId={id} active known={following} />} />} />;
}
