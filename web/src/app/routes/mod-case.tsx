import { useParams } from 'react-router';
import { CaseScreen } from '../../features/moderation/components/console/CaseScreen';
import { modCaseQueryOptions } from '../../features/moderation/api/console';
import { useSession } from '../../lib/session';
import NotFoundRoute from './not-found';
import type { Screen } from '../screen';
import { plainIdParam } from '../../features/moderation/plain-id';

/** Rendered for a signed-in member (its form works before the app's scripts); the API says whether they are staff. */
export const screen: Screen = {
  render: 'members',
  load: ({ params, client, viewerId }) => {
    const id = plainIdParam(params.id);
    return viewerId && id !== null ? [client.prefetchQuery(modCaseQueryOptions(id))] : [];
  },
};

export default function ModCaseRoute() {
  const session = useSession();
  const id = plainIdParam(useParams().id);
  if (!session) return null; // RequireSession sends visitors to /login
  if (id === null) return <NotFoundRoute />;
  return <CaseScreen key={id} id={id} />;
}
