import { ShieldCheck } from "lucide-react";
import { useFetcher, useLocation } from "react-router";
import { FormMessage, PasswordField, primaryButton } from "~/components/ui/field";

/** What the console's action answers to Login and Logout. */
export interface ConsoleAccessAnswer {
  intent: "login" | "logout";
  ok: boolean;
  message: string;
  errors: Partial<Record<string, string>>;
}

/**
 * 'Admin Access' (spec §2): the shared password, checked on the server. Posts to the open console page,
 * with or without JavaScript; a right password reloads it with its pass.
 */
/** Login and Logout share one fetcher: the console's layout reads its answer for the toast. */
export const CONSOLE_ACCESS_FETCHER = "console-access";

export function AdminAccessForm() {
  const fetcher = useFetcher<ConsoleAccessAnswer>({ key: CONSOLE_ACCESS_FETCHER });
  const answer = fetcher.data;
  // Posted to the page that is open: under /secure-admin/, where the pass cookie is sent and set.
  const { pathname } = useLocation();
  const busy = fetcher.state !== "idle";
  const error = answer && !answer.ok && answer.intent === "login" ? answer.message : undefined;
  return (
    <div className="container-page pb-20">
      <section
        aria-labelledby="admin-access-heading"
        className="mx-auto mt-16 max-w-md rounded-3xl border border-line bg-white p-8 shadow-sm"
      >
        <ShieldCheck className="mx-auto size-10 text-muted" aria-hidden />
        <h1 id="admin-access-heading" className="mt-4 text-center font-display text-3xl font-semibold">
          Admin Access
        </h1>
        <fetcher.Form method="post" action={pathname} className="mt-6 flex flex-col gap-5">
          <input type="hidden" name="intent" value="login" />
          {error && <FormMessage kind="error">{error}</FormMessage>}
          <PasswordField
            name="password"
            label="Admin Password"
            autoComplete="current-password"
            required
            autoFocus
            error={answer?.errors.password}
          />
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
            Login
          </button>
        </fetcher.Form>
      </section>
    </div>
  );
}
