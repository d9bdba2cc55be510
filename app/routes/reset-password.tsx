import { shopNameFromMatches } from "~/lib/seo";
import { KeyRound } from "~/components/ui/icons";
import { data, Form, redirect, useNavigation } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { AuthCard } from "~/components/auth/auth-card";
import { FormMessage, PasswordField, primaryButton } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { isDomainError } from "~/lib/domain-error";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { RESET_PASSWORD_FIELDS, resetPasswordSchema } from "~/modules/accounts/profile-forms";
import { services } from "~/services.server";
import type { Route } from "./+types/reset-password";

export const INVALID_RESET_LINK = "This reset link is invalid or has expired. Please ask for a new one.";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Choose a new password | ${shopNameFromMatches(matches)}` }, { name: "robots", content: "noindex" }];
}

/**
 * The link of the reset e-mail goes through the auth library (/api/auth/reset-password/{token}),
 * which sends the visitor here with ?token=… or, for an unknown or expired token, ?error=INVALID_TOKEN.
 */
export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token")?.trim() || null;
  const linkError = url.searchParams.get("error") ? INVALID_RESET_LINK : null;
  return { token: linkError ? null : token, linkError };
}

type ActionData = { status: "invalid"; errors: FieldErrors } | { status: "error"; message: string };

export async function action({ request }: Route.ActionArgs) {
  try {
    const parsed = parseForm(resetPasswordSchema, await readFormBody(request), RESET_PASSWORD_FIELDS);
    if (!parsed.ok) {
      if (parsed.errors.token) {
        return data<ActionData>({ status: "error", message: INVALID_RESET_LINK }, { status: 400 });
      }
      return data<ActionData>({ status: "invalid", errors: parsed.errors }, { status: 400 });
    }
    await services().accounts.resetPassword(request, { token: parsed.data.token, password: parsed.data.newPassword });
    // The account's other sessions ended: this process forgets its copies now (whose they were, the
    // token named; a reset is rare enough to forget them all).
    services().sessions.forgetUser(null);
    throw redirect("/login?reset=1");
  } catch (error) {
    const answer = errorAnswer(error, request, { where: "reset-password" });
    // The library's "Invalid token" becomes a sentence a shopper can act on.
    const message = isDomainError(error, "INVALID_TOKEN") ? INVALID_RESET_LINK : answer.message;
    return data<ActionData>({ status: "error", message }, { status: answer.status });
  }
}

const remembered = (
  <>
    Remembered it?{" "}
    <SiteLink to="/login" className="font-semibold text-brand hover:underline">
      Sign in
    </SiteLink>
  </>
);

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, linkError } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction?.startsWith("/reset-password") === true;
  const result = actionData as ActionData | undefined;
  const kit = useZodForm({ schema: resetPasswordSchema, fields: RESET_PASSWORD_FIELDS, lastResult: result });

  if (!token) {
    return (
      <AuthCard title="Reset your password" footer={remembered}>
        <FormMessage kind="error">
          {linkError ?? "This page needs the link from your password reset e-mail."}
        </FormMessage>
        <SiteLink to="/forgot-password" className={`${primaryButton} mt-6 w-full`}>
          Request a new reset link
        </SiteLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="At least 8 characters, with uppercase and lowercase letters and a number. You will be signed out on every device."
      footer={remembered}
    >
      <Form method="post" {...kit.form} className="flex flex-col gap-5">
        {result?.status === "error" && (
          <FormMessage kind="error">
            {result.message}{" "}
            {result.message === INVALID_RESET_LINK && (
              <SiteLink to="/forgot-password" className="font-semibold underline underline-offset-2">
                Request a new link
              </SiteLink>
            )}
          </FormMessage>
        )}
        <input type="hidden" name="token" value={token} />
        <PasswordField {...kit.field("newPassword")} label="New password" autoComplete="new-password" aria-required />
        <PasswordField
          {...kit.field("confirmPassword")}
          label="Confirm new password"
          autoComplete="new-password"
          aria-required
        />
        <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
          <KeyRound className="size-4" aria-hidden />
          {saving ? "Saving..." : "Reset password"}
        </button>
      </Form>
    </AuthCard>
  );
}
