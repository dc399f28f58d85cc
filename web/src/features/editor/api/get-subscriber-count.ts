import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/**
 * How many confirmed newsletter subscribers the writer has (POST /api/user/newsletter/subscribers, its
 * counts): the editor's "Email it to N subscribers" choice. Undefined until known.
 */
export function useSubscriberCount(userId: string): number | undefined {
  const query = useQuery({
    queryKey: ['editor', 'subscriber-count', userId],
    queryFn: ({ signal }) => api(endpoints.newsletterSubscribers, { user_id: Number(userId) }, { signal }),
    staleTime: 60_000,
    select: (answer) => answer.counts.confirmed,
  });
  return query.data;
}
