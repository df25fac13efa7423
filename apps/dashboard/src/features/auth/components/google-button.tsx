import { useEffect, useRef } from 'react';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let scriptPromise: Promise<GoogleIdentity> | undefined;

function loadGoogleScript(): Promise<GoogleIdentity> {
  scriptPromise ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const google = (window as { google?: GoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error('Google script loaded without google.accounts'));
    };
    script.onerror = () => {
      scriptPromise = undefined;
      reject(new Error('Google script failed to load'));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

/** The "Sign in with Google" button; its credential (an ID token) goes to /v1/user/token/signin. */
export function GoogleButton({
  clientId,
  onCredential,
  onError,
  onUnavailable,
}: {
  clientId: string;
  onCredential: (token: string) => void;
  onError: () => void;
  /** Google's script could not be loaded (blocked or offline): the caller hides the button's place. */
  onUnavailable: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { lang } = useParameters();
  const handlers = useRef({ onCredential, onError, onUnavailable });
  handlers.current = { onCredential, onError, onUnavailable };

  useEffect(() => {
    let cancelled = false;
    loadGoogleScript().then(
      (google) => {
        if (cancelled || !ref.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) =>
            credential ? handlers.current.onCredential(credential) : handlers.current.onError(),
        });
        google.accounts.id.renderButton(ref.current, {
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'pill',
          width: 300,
          locale: lang,
        });
      },
      (error: unknown) => {
        console.warn(error);
        if (!cancelled) handlers.current.onUnavailable();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, lang]);

  return (
    <div
      ref={ref}
      data-testid="google-button"
      style={{ minHeight: 44, display: 'flex', justifyContent: 'center' }}
    />
  );
}
