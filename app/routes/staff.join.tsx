import { data, Form, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { FormMessage, PasswordField, primaryButton, TextField } from "~/components/ui/field";
import { SiteLink } from "~/components/ui/site-link";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { withRedirect } from "~/lib/redirects";
import { shopNameFromMatches } from "~/lib/seo";
import { ROLE_LABELS, ROLE_SUMMARIES } from "~/modules/staff/permissions";
import { joinSchema, STAFF_MESSAGES } from "~/modules/staff/staff-invitations";
import { services } from "~/services.server";
import type { Route } from "./+types/staff.join";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Join the staff | ${shopNameFromMatches(matches)}` }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/staff/join?token=…`, a staff invitation's link (issue 32): the invitation (role, who invited), and
 * either a form to make the account (the invited e-mail, proven by the link: a name and a password), or
 * — for an address that has an account — joining with that account once signed in. A forged, used,
 * withdrawn or expired link says so, and nothing else.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token")?.slice(0, 200) ?? "";
  const { staff, sessions } = services();
  const [invitation, user] = await Promise.all([staff.invitation(token), sessions.user(request)]);
  const signInTo = withRedirect("/login", { pathname: "/staff/join", search: `?token=${encodeURIComponent(token)}` });
  return data(
    { token, invitation, signedInAs: user?.email ?? null, signInTo },
    { status: invitation ? 200 : 404, headers: noStore },
  );
}

type ActionData = { ok: false; message: string; errors: Partial<Record<string, string>> };

export async function action({ request }: Route.ActionArgs) {
  const fail = (message: string, status: number, errors: ActionData["errors"] = {}) =>
    data<ActionData>({ ok: false, message, errors }, { status, headers: noStore });
  try {
    const form = await readFormBody(request);
    const token = form.get("token");
    const { staff, sessions, accounts } = services();
    if (form.get("intent") === "accept") {
      const user = await sessions.user(request);
      if (!user) return fail(STAFF_MESSAGES.accountExists, 401);
      await staff.acceptAsUser(token, user);
      throw redirect("/admin", { headers: noStore });
    }
    const parsed = joinSchema.safeParse({
      name: form.get("name") ?? "",
      password: form.get("password") ?? "",
      confirmPassword: form.get("confirmPassword") ?? "",
    });
    if (!parsed.success) {
      const errors: ActionData["errors"] = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        errors[field] ??= issue.message;
      }
      return fail(Object.values(errors)[0] ?? "Invalid request", 400, errors);
    }
    const joined = await staff.acceptWithNewAccount(token, parsed.data);
    // Signed in at once, with the password just chosen: the library makes the session and its cookie.
    const { headers } = await accounts.signInWithPassword(request, {
      email: joined.email,
      password: parsed.data.password,
      rememberMe: false,
    });
    throw redirect("/admin", { headers });
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "staff-join", fallback: "Failed to join the staff" });
    return fail(failure.message, failure.status);
  }
}

export default function StaffJoin({ loaderData, actionData }: Route.ComponentProps) {
  const { token, invitation, signedInAs, signInTo } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const answer = actionData as ActionData | undefined;
  if (!invitation) {
    return (
      <AuthCard title="Join the staff">
        <FormMessage kind="error">{STAFF_MESSAGES.invalidLink}</FormMessage>
      </AuthCard>
    );
  }
  const role = ROLE_LABELS[invitation.role];
  const subtitle = `${invitation.invitedBy} invites ${invitation.email} to join as ${role}. ${ROLE_SUMMARIES[invitation.role]}`;
  const message = answer && <FormMessage kind="error">{answer.message}</FormMessage>;

  if (signedInAs) {
    const same = signedInAs.toLowerCase() === invitation.email;
    return (
      <AuthCard title="Join the staff" subtitle={subtitle}>
        {message}
        {same ? (
          <Form method="post" className="flex flex-col gap-5">
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="intent" value="accept" />
            <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
              Join as {role}
            </button>
          </Form>
        ) : (
          <FormMessage kind="error">{STAFF_MESSAGES.wrongAccount}</FormMessage>
        )}
      </AuthCard>
    );
  }

  if (invitation.accountExists) {
    return (
      <AuthCard title="Join the staff" subtitle={subtitle}>
        <p className="text-sm text-muted">{STAFF_MESSAGES.accountExists}.</p>
        <SiteLink to={signInTo} className={`${primaryButton} mt-6 w-full`}>
          Sign in to accept
        </SiteLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Join the staff" subtitle={subtitle}>
      <Form method="post" className="flex flex-col gap-5" noValidate>
        {message}
        <input type="hidden" name="token" value={token} />
        <TextField label="Email" name="email" value={invitation.email} readOnly autoComplete="username" />
        <TextField label="Full name" name="name" required autoComplete="name" error={answer?.errors.name} />
        <PasswordField
          label="Password"
          name="password"
          required
          autoComplete="new-password"
          hint="At least 8 characters, with uppercase and lowercase letters and a number."
          error={answer?.errors.password}
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          required
          autoComplete="new-password"
          error={answer?.errors.confirmPassword}
        />
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
          {busy ? "Joining..." : "Create account and join"}
        </button>
      </Form>
    </AuthCard>
  );
}
