import { shopNameFromMatches } from "~/lib/seo";
import { ArrowLeft, MailCheck } from "~/components/ui/icons";
import { data, Form, useNavigation } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { AuthCard } from "~/components/auth/auth-card";
import { FormMessage, primaryButton, TextField } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { FORGOT_PASSWORD_FIELDS, forgotPasswordSchema } from "~/modules/accounts/profile-forms";
import { services } from "~/services.server";
import type { Route } from "./+types/forgot-password";

/** The one answer for every address, known or not (security guide: no user enumeration). */
export const RESET_LINK_SENT = "If an account exists for that e-mail, we have sent a link to reset your password.";

export function meta({ matches }: Route.MetaArgs) {
  const shopName = shopNameFromMatches(matches);
  return [
    { title: `Forgot password | ${shopName}` },
    { name: "description", content: `Ask for a link to reset the password of your ${shopName} account.` },
    { name: "robots", content: "noindex" },
  ];
}

type ActionData =
  { status: "sent" } | { status: "invalid"; errors: FieldErrors } | { status: "error"; message: string };

export async function action({ request }: Route.ActionArgs) {
  try {
    const parsed = parseForm(forgotPasswordSchema, await readFormBody(request), FORGOT_PASSWORD_FIELDS);
    if (!parsed.ok) return data<ActionData>({ status: "invalid", errors: parsed.errors }, { status: 400 });
    await services().accounts.requestPasswordReset(request, parsed.data.email);
    return data<ActionData>({ status: "sent" });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "forgot-password" });
    return data<ActionData>({ status: "error", message }, { status });
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/forgot-password";
  const result = actionData as ActionData | undefined;
  const kit = useZodForm({
    schema: forgotPasswordSchema,
    fields: FORGOT_PASSWORD_FIELDS,
    lastResult: result,
    autoFocus: "email",
  });

  if (result?.status === "sent") {
    return (
      <AuthCard title="Check your e-mail">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-stone-100" aria-hidden>
            <MailCheck className="size-7 text-brand" />
          </span>
          <p role="status" className="mt-5 text-sm leading-relaxed text-ink">
            {RESET_LINK_SENT}
          </p>
          <p className="mt-3 text-xs leading-relaxed text-muted">
            The link works once, for one hour. Nothing arrived? Check your spam folder, or ask again in a few minutes.
          </p>
          <SiteLink to="/login" className={`${primaryButton} mt-8 w-full`}>
            Back to sign in
          </SiteLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={<BackToSignIn />}
    >
      <Form method="post" {...kit.form} className="flex flex-col gap-5">
        {result?.status === "error" && <FormMessage kind="error">{result.message}</FormMessage>}
        <TextField
          {...kit.field("email")}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-required
        />
        <button type="submit" className={primaryButton} disabled={sending} aria-busy={sending}>
          {sending ? "Sending..." : "Send reset link"}
        </button>
      </Form>
    </AuthCard>
  );
}

function BackToSignIn() {
  return (
    <SiteLink to="/login" className="inline-flex items-center gap-1.5 font-semibold text-brand hover:underline">
      <ArrowLeft className="size-4" aria-hidden />
      Back to sign in
    </SiteLink>
  );
}
