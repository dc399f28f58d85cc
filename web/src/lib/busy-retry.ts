import { isApiError } from './api-client';

/** How many times a press the server was too busy for is sent again. */
export const BUSY_RETRIES = 3;
/** The longest wait before one of those tries, whatever Retry-After says. */
const MAX_WAIT_MS = 10_000;

/** Whether `error` is the server saying it is busy and when to come back: 503 with Retry-After. */
function isBusy(error: Error): boolean {
  return isApiError(error) && error.status === 503 && error.retryAfterMs !== undefined;
}

/**
 * Retry options for a press's mutation (like, save, follow; ADR 0077): a 503 with Retry-After is sent
 * again after the wait it asks for, stretched by up to half again at random so that a crowd's presses
 * refused together do not all come back at the same moment, at most BUSY_RETRIES times and at most
 * MAX_WAIT_MS apart; any other failure settles at once. `scope` serialises the presses on one target,
 * so an unlike pressed while a like waits to be sent again goes after it, not before. Meanwhile the
 * mutation stays pending (see `waitingToRetry`) and its optimistic change stays on screen.
 */
export function retryWhenBusy(scope: string) {
  return {
    scope: { id: scope },
    retry: (failureCount: number, error: Error) => failureCount < BUSY_RETRIES && isBusy(error),
    retryDelay: (_failureCount: number, error: Error) =>
      isApiError(error) ? Math.min(MAX_WAIT_MS, (error.retryAfterMs ?? 0) * (1 + Math.random() / 2)) : 0,
  };
}

/** Whether a mutation was refused as busy and now waits to be sent again. */
export function waitingToRetry(mutation: { isPending: boolean; failureCount: number }): boolean {
  return mutation.isPending && mutation.failureCount > 0;
}
