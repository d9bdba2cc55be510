import { data, redirect, useSearchParams } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { AuthCard, Divider } from "~/components/auth/auth-card";
import { RegisterForm, type RegisterActionData } from "~/components/auth/register-form";
import { SocialButtons, useSocialErrorToast } from "~/components/auth/social-buttons";
import { isDomainError } from "~/lib/domain-error";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { originFromMatches, pageMeta, SHOP_NAME } from "~/lib/seo";
import { services } from "~/services.server";
import {
  authPageHref,
  authRedirectTarget,
  parseRegistration,
  registrationFailureMessage,
  REGISTER_FIELDS,
} from "~/modules/accounts/auth-forms";
import { useRootData } from "~/components/use-root-data";
import type { Route } from "./+types/register";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: `Create Account | ${SHOP_NAME}`,
      description: `Create your ${SHOP_NAME} account: faster checkout, order tracking and members-only offers.`,
      origin: originFromMatches(matches),
      path: "/register",
    }),
    { name: "robots", content: "noindex" },
  ];
}

async function load({ request, url }: Route.LoaderArgs) {
  const redirectTo = authRedirectTarget(url.searchParams.get("redirect"));
  if (await services().sessions.user(request)) throw redirect(redirectTo);
  return { redirectTo };
}
export const loader = pageLoader(load);

/** What a refused registration shows again: everything but the passwords, which are never sent back. */
const ECHOED = REGISTER_FIELDS.filter((name) => name !== "password" && name !== "confirmPassword");

function echo(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of ECHOED) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 300);
  }
  return values;
}

export async function action({ request, url }: Route.ActionArgs) {
  let form: FormData | null = null;
  try {
    form = await readFormBody(request);
    // Both steps are checked here whatever the browser did; only the listed fields are read.
    const parsed = parseRegistration(form);
    if (!parsed.ok) {
      return data<RegisterActionData>({ errors: parsed.errors, formError: null, values: echo(form) }, { status: 400 });
    }
    const { fullName, email, password, phone, dateOfBirth, address, city, postalCode, country, subscribeNewsletter } =
      parsed.data;
    const { headers } = await services().accounts.register(request, {
      fullName,
      email,
      password,
      phone,
      dateOfBirth,
      address,
      city,
      postalCode,
      country,
      subscribeNewsletter,
    });
    const target = authRedirectTarget(url.searchParams.get("redirect"));
    // With e-mail verification on there is no session yet: the sign-in page says what to do next.
    if (services().config.requireEmailVerification) throw redirect(authPageHref("/login", target, { registered: "1" }));
    throw redirect(target, { headers });
  } catch (error) {
    const answer = errorAnswer(error, request, { where: "register" });
    const formError = isDomainError(error) ? registrationFailureMessage(error) : answer.message;
    const values = form ? echo(form) : {};
    return data<RegisterActionData>({ errors: {}, formError, values }, { status: answer.status });
  }
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const root = useRootData();
  const social = root?.config.socialProviders ?? { google: false, facebook: false };
  const [searchParams] = useSearchParams();
  useSocialErrorToast(searchParams);

  return (
    <AuthCard
      wide
      title="Create Account"
      subtitle="Join Abundance Collection for faster checkout and order tracking."
      footer={
        <>
          Already have an account?{" "}
          <SiteLink to={authPageHref("/login", redirectTo)} className="font-semibold text-brand hover:underline">
            Sign in
          </SiteLink>
        </>
      }
    >
      <RegisterForm actionData={actionData} />
      <Divider label="or sign up with" />
      <SocialButtons page="register" redirectTo={redirectTo} configured={social} />
    </AuthCard>
  );
}
