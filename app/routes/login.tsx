import { Loader2 } from "~/components/ui/icons";
import { useState } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { AuthCard, Divider } from "~/components/auth/auth-card";
import { CheckboxField, FormMessage, PasswordField, primaryButtonClass, TextField } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { SocialButtons, useSocialErrorToast } from "~/components/auth/social-buttons";
import type { FieldErrors } from "~/lib/forms";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { pageMeta, originFromMatches, SHOP_NAME } from "~/lib/seo";
import { services } from "~/services.server";
import {
  AUTH_MESSAGES,
  authPageHref,
  authRedirectTarget,
  LOGIN_FIELDS,
  loginSchema,
  parseLogin,
} from "~/modules/accounts/auth-forms";
import { useRootData } from "~/components/use-root-data";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: `Sign In | ${SHOP_NAME}`,
      description: `Sign in to your ${SHOP_NAME} account to check out faster, follow your orders and keep your cart on every device.`,
      origin: originFromMatches(matches),
      path: "/login",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** A signed-in visitor has nothing to do here: straight on to where they were going. */
async function load({ request, url }: Route.LoaderArgs) {
  const redirectTo = authRedirectTarget(url.searchParams.get("redirect"));
  if (await services().sessions.user(request)) throw redirect(redirectTo);
  return {
    redirectTo,
    registered: url.searchParams.get("registered") === "1",
    passwordReset: url.searchParams.get("reset") === "1",
    reason: signInReason(redirectTo),
  };
}
export const loader = pageLoader(load);

/** Why the visitor was sent here, for the pages that need a sign-in (spec §2 and §5). */
function signInReason(target: string): string | null {
  if (target === "/orders" || target.startsWith("/orders?")) return "Please log in to view your orders";
  if (target === "/checkout" || target.startsWith("/checkout?")) return "Please log in to complete your order";
  return null;
}

interface LoginActionData {
  errors: FieldErrors;
  formError: string | null;
  email: string;
}

export async function action({ request, url }: Route.ActionArgs) {
  let email = "";
  try {
    const form = await readFormBody(request);
    email = typeof form.get("email") === "string" ? String(form.get("email")).slice(0, 254) : "";
    const parsed = parseLogin(form);
    if (!parsed.ok) return data<LoginActionData>({ errors: parsed.errors, formError: null, email }, { status: 400 });

    const { headers } = await services().accounts.signInWithPassword(request, parsed.data);
    throw redirect(authRedirectTarget(url.searchParams.get("redirect")), { headers });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "login" });
    const formError = message || AUTH_MESSAGES.signInFailed;
    return data<LoginActionData>({ errors: {}, formError, email }, { status });
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, registered, passwordReset, reason } = loaderData;
  const root = useRootData();
  const social = root?.config.socialProviders ?? { google: false, facebook: false };
  const [searchParams] = useSearchParams();
  useSocialErrorToast(searchParams);

  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/login");

  const kit = useZodForm({ schema: loginSchema, fields: LOGIN_FIELDS, lastResult: actionData, revalidate: "onChange" });
  // The server's form-level message stays until the next submit.
  const [answerSeen, setAnswerSeen] = useState<unknown>(null);
  const formError = actionData && actionData !== answerSeen ? actionData.formError : null;

  return (
    <AuthCard
      title="Sign In"
      subtitle="Welcome back. Sign in to your account."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <SiteLink to={authPageHref("/register", redirectTo)} className="font-semibold text-brand hover:underline">
            Sign up
          </SiteLink>
        </>
      }
    >
      {registered && (
        <FormMessage kind="success" className="mb-6">
          {AUTH_MESSAGES.registrationPending}
        </FormMessage>
      )}
      {passwordReset && (
        <FormMessage kind="success" className="mb-6">
          Your password has been reset. Please sign in.
        </FormMessage>
      )}
      {reason && (
        <FormMessage kind="success" className="mb-6">
          {reason}
        </FormMessage>
      )}
      {formError && (
        <FormMessage kind="error" className="mb-6">
          {formError}
        </FormMessage>
      )}

      <Form
        method="post"
        {...kit.form}
        onSubmit={(event) => {
          setAnswerSeen(actionData);
          kit.form.onSubmit(event);
        }}
        className="space-y-5"
      >
        <TextField
          {...kit.field("email")}
          id="login-email"
          type="email"
          label="Email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          defaultValue={actionData?.email}
          aria-required
        />
        <PasswordField
          {...kit.field("password")}
          id="login-password"
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          aria-required
        />
        <div className="flex items-center justify-between gap-4">
          <CheckboxField id="login-remember" name="rememberMe" label="Remember me" />
          <SiteLink to="/forgot-password" className="text-sm font-medium text-brand hover:underline">
            Forgot password?
          </SiteLink>
        </div>
        <button type="submit" className={primaryButtonClass} disabled={submitting}>
          {submitting && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {submitting ? "Signing in..." : "Sign In"}
        </button>
      </Form>

      <Divider label="or continue with" />
      <SocialButtons page="login" redirectTo={redirectTo} configured={social} />
    </AuthCard>
  );
}
