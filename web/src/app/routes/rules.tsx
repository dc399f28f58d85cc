import { ServerRules } from '../../features/moderation/components/ServerRules';
import { serverRulesQueryOptions } from '../../features/moderation/api/rules';
import type { Screen } from '../screen';

/** The server's rules: the same for everyone, rendered with the page. */
export const screen: Screen = {
  render: 'everyone',
  indexed: true,
  load: ({ client }) => [client.prefetchQuery(serverRulesQueryOptions())],
};

export default function RulesRoute() {
  return <ServerRules />;
}
