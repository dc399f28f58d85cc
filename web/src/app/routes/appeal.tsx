import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { appealStatementQueryOptions } from '../../features/moderation/api/appeals';
import { AppealCard } from '../../features/moderation/components/AppealCard';
import type { Screen } from '../screen';

/** Rendered on the server with the statement, so its form works before the app starts. */
export const screen: Screen = {
  render: 'everyone',
  load: ({ url, client }) => {
    const token = url.searchParams.get('token') ?? '';
    return token ? [client.prefetchQuery(appealStatementQueryOptions(token))] : [];
  },
};

/** The page a moderators' statement mail links to (/appeal?token=…): open to everyone, the token its only key. */
export default function AppealRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <>
      <DocumentTitle title="Appeal a moderators’ decision" />
      <AppealCard key={token} token={token} />
    </>
  );
}
