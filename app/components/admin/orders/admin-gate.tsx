import { Lock, LogIn } from "lucide-react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { FormMessage, PasswordField, primaryButton } from "~/components/ui/field";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";

/** What /admin's action answers to the password prompt. */
export interface AdminPasswordAnswer {
  intent: "admin-password";
  ok: boolean;
  message: string;
  errors: Partial<Record<string, string>>;
}

const card = "mx-auto mt-16 max-w-md rounded-3xl border border-line bg-white p-8 text-center shadow-sm";

/** A signed-out visitor: 'Admin Access Required' and the way to sign in (and back here). */
export function AdminSignInRequired() {
  return (
    <div className="container-page pb-20">
      <section aria-labelledby="admin-access-heading" className={card}>
        <Lock className="mx-auto size-10 text-muted" aria-hidden />
        <h1 id="admin-access-heading" className="mt-4 font-display text-3xl font-semibold">
          {ADMIN_ACCESS_MESSAGES.required}
        </h1>
        <p className="mt-3 text-muted">Please sign in with an admin account to open the dashboard.</p>
        <Link to="/login?redirect=%2Fadmin" className={`${primaryButton} mt-6`}>
          <LogIn className="size-4" aria-hidden />
          Sign in
        </Link>
      </section>
    </div>
  );
}

/**
 * A signed-in customer: the shared admin password (checked on the server). A right one gives this session
 * admin access to /admin; the page then reloads its data.
 */
export function AdminPasswordPrompt() {
  const answer = useActionData() as AdminPasswordAnswer | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = answer && !answer.ok ? answer.message : undefined;
  return (
    <div className="container-page pb-20">
      <section aria-labelledby="admin-access-heading" className={`${card} text-left`}>
        <h1 id="admin-access-heading" className="text-center font-display text-3xl font-semibold">
          {ADMIN_ACCESS_MESSAGES.required}
        </h1>
        <p className="mt-3 text-center text-muted">Enter the admin password to open the dashboard.</p>
        <Form method="post" action="/admin" className="mt-6 flex flex-col gap-5">
          <input type="hidden" name="intent" value="admin-password" />
          {error && <FormMessage kind="error">{error}</FormMessage>}
          <PasswordField
            name="password"
            label="Admin Password"
            autoComplete="current-password"
            required
            error={answer?.errors.password}
          />
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
            Login
          </button>
        </Form>
      </section>
    </div>
  );
}
