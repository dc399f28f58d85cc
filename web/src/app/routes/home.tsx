import { HomeWelcome } from '../../features/home/components/HomeWelcome';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';

export default function HomeRoute() {
  useDocumentTitle('Home');
  return <HomeWelcome signedIn={Boolean(useSession())} />;
}
