import { useMutation } from '@tanstack/react-query';
import { paths } from '@inkwell/contract';
import * as endpoints from '@inkwell/contract/calls';
import { api } from '../../../lib/api-client';
import { leave } from '../../../lib/leave';

export type AccountEnd = 'deactivate' | 'delete-account';

/** POST /api/user/deactivate or /api/user/delete-account {user_id, current_password?}. */
export function endAccount(kind: AccountEnd, userId: string, currentPassword: string | undefined) {
  const body = { user_id: Number(userId), ...(currentPassword ? { current_password: currentPassword } : {}) };
  return api(kind === 'deactivate' ? endpoints.deactivate : endpoints.deleteAccount, body);
}

/** Where a member lands once their account is deactivated or deleted: home, with the server's message. */
export function homeWithMessage(message: string): string {
  return `${paths.home.getHref()}?${new URLSearchParams({ success: 'true', message }).toString()}`;
}

/**
 * Deactivates or deletes the account. The server has ended the sessions and dropped both cookies, so
 * the app starts afresh on the home page (a full load: nothing of the account stays in memory), which
 * shows the server's message.
 */
export function useEndAccount(userId: string, kind: AccountEnd) {
  return useMutation({
    mutationFn: (currentPassword: string | undefined) => endAccount(kind, userId, currentPassword),
    onSuccess: (answer) => leave.to(homeWithMessage(answer.message)),
  });
}
