import { useEffect, useRef, type RefObject } from 'react';

interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleAccountsId {
  initialize(options: { client_id: string; callback: (response: GoogleCredentialResponse) => void; use_fedcm_for_prompt?: boolean; cancel_on_tap_outside?: boolean }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
  prompt(): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}

const GSI_SRC = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleAccountsId> | null = null;

/** Loads Google Identity Services once, and only when a client id is configured. */
function loadGsi(): Promise<GoogleAccountsId> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => (window.google?.accounts?.id ? resolve(window.google.accounts.id) : reject(new Error('GSI missing')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('GSI failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}

interface Handlers {
  onCredential: (credential: string) => void;
  onError: () => void;
}

/** Renders Google's button into `container` and offers One Tap; hands the ID token to onCredential. */
export function useGoogleIdentity(clientId: string | null | undefined, container: RefObject<HTMLDivElement | null>, handlers: Handlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!clientId) return;
    let active = true;
    loadGsi()
      .then((gsi) => {
        if (!active) return;
        gsi.initialize({
          client_id: clientId,
          callback: (response) => (response.credential ? latest.current.onCredential(response.credential) : latest.current.onError()),
          use_fedcm_for_prompt: true,
          cancel_on_tap_outside: true,
        });
        const element = container.current;
        if (element) {
          const width = Math.min(400, Math.max(200, element.clientWidth || 320));
          gsi.renderButton(element, { theme: 'outline', size: 'large', shape: 'pill', text: 'continue_with', width });
        }
        gsi.prompt();
      })
      .catch(() => {
        if (active) latest.current.onError();
      });
    return () => {
      active = false;
      window.google?.accounts?.id?.cancel();
    };
  }, [clientId, container]);
}
