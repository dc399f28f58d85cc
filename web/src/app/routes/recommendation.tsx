import { ManageCategories } from '../../features/recommendation/components/ManageCategories';
import { TuneYourFeed } from '../../features/recommendation/components/TuneYourFeed';
import { useSession } from '../../lib/session';

export default function RecommendationRoute() {
  const session = useSession();
  if (!session) return null; // RequireSession sends visitors to /login
  return (
    <>
      <ManageCategories userId={session.id} />
      {/* Issue 13: what the reader tuned of For you from its stories' menu. */}
      <TuneYourFeed userId={session.id} />
    </>
  );
}
