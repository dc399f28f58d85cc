import { ManageCategories } from '../../features/recommendation/components/ManageCategories';
import { useSession } from '../../lib/session';

export default function RecommendationRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return <ManageCategories userId={session.id} />;
}
