import { useMutation } from '@tanstack/react-query';
import type { RemoteFollowResponse } from '@inkwell/contract';
import { api } from '../../../lib/api-client';
import * as endpoints from '@inkwell/contract/calls';

/** POST /api/user/remote-follow {user_id, handle}: where the reader's own server confirms the follow. */
export function remoteFollow({ userId, handle }: { userId: number; handle: string }): Promise<RemoteFollowResponse> {
  return api(endpoints.remoteFollow, { user_id: userId, handle });
}

export function useRemoteFollow() {
  return useMutation({ mutationFn: remoteFollow });
}
