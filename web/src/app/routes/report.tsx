import { useParams } from 'react-router';
import { REPORT_KINDS, type ReportKind } from '@inkwell/contract';
import { ReportScreen } from '../../features/moderation/components/ReportScreen';
import { reportTargetQueryOptions } from '../../features/moderation/api/reports';
import { useSession } from '../../lib/session';
import NotFoundRoute from './not-found';
import { type Screen, idParam } from '../screen';

const kindOf = (value: string | undefined): ReportKind | null => ((REPORT_KINDS as readonly string[]).includes(value ?? '') ? (value as ReportKind) : null);

/** Rendered for a signed-in reader (its form works before the app's scripts); a visitor is sent to Login first. */
export const screen: Screen = {
  render: 'members',
  load: ({ params, client, viewerId }) => {
    const kind = kindOf(params.kind);
    const id = idParam(params.id);
    if (!viewerId || kind === null || id === null) return [];
    return [client.prefetchQuery(reportTargetQueryOptions(viewerId, kind, id))];
  },
};

export default function ReportRoute() {
  const session = useSession();
  const params = useParams();
  const kind = kindOf(params.kind);
  const id = idParam(params.id);
  if (!session) return null; // RequireSession sends visitors to /login
  if (kind === null || id === null) return <NotFoundRoute />;
  return <ReportScreen key={`${kind} ${id}`} userId={session.id} kind={kind} id={id} />;
}
