import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { readState, serializeState } from './state';

describe('the state a rendered page carries', () => {
  it('survives a closing script tag in its data, and counts its data as fetched when the page arrived', () => {
    const client = new QueryClient();
    client.setQueryData(['posts', 'detail', 1], { title: '</script><script>alert(1)</script>' }, { updatedAt: Date.now() - 60 * 60_000 });
    const json = serializeState(dehydrate(client));
    expect(json).not.toContain('</script>');
    const before = Date.now();
    const state = readState(json)!;
    const query = state.queries[0]!;
    expect(query.state.data).toEqual({ title: '</script><script>alert(1)</script>' });
    expect(query.state.dataUpdatedAt).toBeGreaterThanOrEqual(before);
  });

  it('brings a failed call back as the ApiError it was', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery({ queryKey: ['posts', 'detail', 2], queryFn: () => Promise.reject(new ApiError(404, 'Post not found.', {})) });
    const state = readState(serializeState(dehydrate(client, { shouldDehydrateQuery: () => true })))!;
    const error = state.queries[0]!.state.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Post not found.' });
  });

  it('is null when the page holds none or holds something else', () => {
    expect(readState(null)).toBeNull();
    expect(readState('not json')).toBeNull();
  });
});
