import { useRef } from 'react';
import { TEXT } from '@inkwell/contract';
import { useNotice } from '../../../components/NoticeProvider';
import { useClientConfig } from '../../../api/client-config';
import { useGoogleLogin } from '../api/google-login';
import { useGoogleIdentity } from '../hooks/use-google-identity';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';

/** Google's button and One Tap, shown only when the server reports a google_client_id (SPEC §2, DESIGN). */
export function GoogleSignIn() {
  const { data } = useClientConfig();
  const clientId = data?.google_client_id ?? null;
  const container = useRef<HTMLDivElement>(null);
  const { showNotice } = useNotice();
  const finish = useFinishSignIn();
  const google = useGoogleLogin();

  useGoogleIdentity(clientId, container, {
    onCredential: (credential) => google.mutate({ credential }, { onSuccess: finish, onError: () => showNotice(TEXT.googleFailed, 'red') }),
    onError: () => showNotice(TEXT.googleFailed, 'red'),
  });

  if (!clientId) return null;
  return (
    <div>
      <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wider text-zinc-500 dark:text-zinc-400">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        or
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <div ref={container} data-testid="google-button" className="flex min-h-11 justify-center" />
    </div>
  );
}
