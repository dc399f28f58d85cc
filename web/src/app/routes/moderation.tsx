import { ModerationYears } from '../../features/moderation/components/ModerationYears';
import { moderationYearsQueryOptions } from '../../features/moderation/api/rules';
import type { Screen } from '../screen';

/** The moderators' work year by year: the same for everyone, rendered with the page. */
export const screen: Screen = {
  render: 'everyone',
  indexed: true,
  load: ({ client }) => [client.prefetchQuery(moderationYearsQueryOptions())],
};

export default function ModerationRoute() {
  return <ModerationYears />;
}
