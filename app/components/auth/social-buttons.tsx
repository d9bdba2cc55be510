import { Loader2 } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import {
  SOCIAL_PROVIDERS,
  socialFailureMessage,
  socialNotConfiguredMessage,
  socialProviderName,
  type SocialProviderId,
} from "~/modules/accounts/auth-forms";
import { secondaryButtonClass } from "~/components/ui/field";

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden>
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden>
      <path
        fill="#1877F2"
        d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z"
      />
    </svg>
  );
}

const MARKS: Record<SocialProviderId, () => React.JSX.Element> = { google: GoogleMark, facebook: FacebookMark };

/**
 * Continue with Google / Facebook (decisions.md §4): when the provider is configured the auth
 * library gives the provider's sign-in URL and the browser goes there; back from the provider,
 * the visitor lands on `redirectTo` signed in, or on this page with `?error=oauth`. Unconfigured,
 * a click says so.
 */
export function SocialButtons({
  page,
  redirectTo,
  configured,
}: {
  page: "login" | "register";
  redirectTo: string;
  configured: Record<SocialProviderId, boolean>;
}) {
  const [pending, setPending] = useState<SocialProviderId | null>(null);

  async function start(id: SocialProviderId, name: string) {
    if (!configured[id]) {
      toast.error(socialNotConfiguredMessage(name));
      return;
    }
    setPending(id);
    const back = new URLSearchParams({ error: "oauth", provider: id });
    if (redirectTo !== "/") back.set("redirect", redirectTo);
    try {
      const response = await fetch("/api/auth/sign-in/social", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          provider: id,
          callbackURL: redirectTo,
          newUserCallbackURL: redirectTo,
          errorCallbackURL: `/${page}?${back.toString()}`,
          disableRedirect: true,
        }),
      });
      const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
      if (!response.ok || typeof body?.url !== "string" || !/^https?:\/\//.test(body.url)) throw new Error("no URL");
      window.location.assign(body.url);
    } catch {
      toast.error(socialFailureMessage(name));
      setPending(null);
    }
  }

  return (
    <div className="grid gap-3">
      {SOCIAL_PROVIDERS.map(({ id, name }) => {
        const Mark = MARKS[id];
        return (
          <button
            key={id}
            type="button"
            className={secondaryButtonClass}
            disabled={pending !== null}
            aria-busy={pending === id || undefined}
            onClick={() => void start(id, name)}
          >
            {pending === id ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <Mark />}
            {`Continue with ${name}`}
          </button>
        );
      })}
    </div>
  );
}

/** Shows 'Failed to sign up with {provider}' once when the provider sent the visitor back with an error. */
export function useSocialErrorToast(search: URLSearchParams) {
  const shown = useRef(false);
  const failed = search.has("error");
  const provider = socialProviderName(search.get("provider")) ?? "the provider";
  useEffect(() => {
    if (!failed || shown.current) return;
    shown.current = true;
    toast.error(socialFailureMessage(provider));
  }, [failed, provider]);
}
