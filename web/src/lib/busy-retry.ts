import type { ApiError } from './api-client';

/** How many times a press the server was too busy for is sent again. */
export const BUSY_RETRIES = 3;

/** The wait in ms the server asked for when it refused as busy (503 with Retry-After in seconds), else NaN. */
const busyWait = (error: Error) => ((error as ApiError).status === 503 ? (error as ApiError).retryAfter * 1000 : NaN);

/**
 * Retry options for a press's mutation (like, save, follow; ADR 0077): a 503 with Retry-After is sent
 * again after the wait it asks for, stretched by up to half again at random so that a crowd's presses
 * refused together do not all come back at the same moment, at most BUSY_RETRIES times and at most 10 s
 * apart; any other failure settles at once. `scope` serialises the presses on one target, so an unlike
 * pressed while a like waits to be sent again goes after it, not before. Meanwhile the mutation stays
 * pending (see `waitingToRetry`) and its optimistic change stays on screen.
 */
export function retryWhenBusy(scope: string) {
  return {
    scope: { id: scope },
    retry: (failureCount: number, error: Error) => failureCount < BUSY_RETRIES && busyWait(error) >= 0,
    retryDelay: (_failureCount: number, error: Error) => Math.min(10_000, busyWait(error) * (1 + Math.random() / 2)),
  };
}

/** Whether a mutation was refused as busy and now waits to be sent again. */
export function waitingToRetry(mutation: { isPending: boolean; failureCount: number }): boolean {
  return mutation.isPending && mutation.failureCount > 0;
}
