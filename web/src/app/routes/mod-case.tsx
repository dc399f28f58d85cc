import { useParams } from 'react-router';
import { CaseScreen } from '../../features/moderation/components/console/CaseScreen';
import { modCaseQueryOptions } from '../../features/moderation/api/console';
import { useSession } from '../../lib/session';
import NotFoundRoute from './not-found';
import type { Screen } from '../screen';

/** A case's number as the address has it: a plain number (the command line's), not an encoded id; null when it is none. */
const caseIdOf = (value: string | undefined): number | null => {
  const id = /^\d{1,15}$/.test(value ?? '') ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Rendered for a signed-in member (its form works before the app's scripts); the API says whether they are staff. */
export const screen: Screen = {
  render: 'members',
  load: ({ params, client, viewerId }) => {
    const id = caseIdOf(params.id);
    return viewerId && id !== null ? [client.prefetchQuery(modCaseQueryOptions(id))] : [];
  },
};

export default function ModCaseRoute() {
  const session = useSession();
  const id = caseIdOf(useParams().id);
  if (!session) return null; // RequireSession sends visitors to /login
  if (id === null) return <NotFoundRoute />;
  return <CaseScreen key={id} id={id} />;
}
