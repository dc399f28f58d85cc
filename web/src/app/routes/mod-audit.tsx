import { useSearchParams } from 'react-router';
import { AuditLog } from '../../features/moderation/components/console/AuditLog';
import { auditFilterOf, modAuditQueryOptions } from '../../features/moderation/api/audit';
import { useSession } from '../../lib/session';
import type { Screen } from '../screen';

/** Rendered for a signed-in member (its filters are a plain GET form); the API says whether they may read the log. */
export const screen: Screen = {
  render: 'members',
  load: ({ url, client, viewerId }) => (viewerId ? [client.prefetchInfiniteQuery(modAuditQueryOptions(auditFilterOf(url.searchParams)))] : []),
};

/** The audit log in the console (/mod/audit?actor_id=3&action=case.decide&from=2026-11-01). */
export default function ModAuditRoute() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  if (!session) return null; // RequireSession sends visitors to /login
  return <AuditLog filter={auditFilterOf(searchParams)} />;
}
