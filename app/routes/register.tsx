import { ArrowLeft, ArrowRight, Check, Loader2 } from "lucide-react";
import { CountryOptions } from "~/components/ui/country-options";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import { AuthCard, Divider } from "~/components/auth/auth-card";
import {
  CheckboxField,
  focusFirstInvalid,
  FormMessage,
  PasswordField,
  primaryButtonClass,
  secondaryButtonClass,
  SelectField,
  TextField,
} from "~/components/ui/field";
import { SocialButtons, useSocialErrorToast } from "~/components/auth/social-buttons";
import { originFromMatches, pageMeta, SHOP_NAME } from "~/lib/seo";
import { services } from "~/services.server";
import {
  ACCOUNT_INFO_FIELDS,
  authPageHref,
  authRedirectTarget,
  parseAccountInfo,
  parseRegistration,
  REGISTER_FIELDS,
  registrationFailureMessage,
  registrationStepOf,
  type FieldErrors,
} from "~/modules/accounts/auth-forms";
import { latestToday } from "~/modules/accounts/profile-forms";
import type { loader as rootLoader } from "~/root";
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

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = authRedirectTarget(new URL(request.url).searchParams.get("redirect"));
  if (await services().sessions.user(request)) throw redirect(redirectTo);
  return { redirectTo };
}

/** What a failed submission sends back: messages, and the typed values except the passwords. */
interface RegisterActionData {
  errors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
}

const ECHOED = ["fullName", "email", "phone", "dateOfBirth", "address", "city", "postalCode", "country", "subscribeNewsletter", "agreeToTerms"];

function echo(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of ECHOED) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 300);
  }
  return values;
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData();
  // Both steps are checked here whatever the browser did; only the listed fields are read.
  const parsed = parseRegistration(form);
  if (!parsed.ok) {
    return data<RegisterActionData>({ errors: parsed.errors, formError: null, values: echo(form) }, { status: 400 });
  }
  const { fullName, email, password, phone, dateOfBirth, address, city, postalCode, country, subscribeNewsletter } = parsed.data;
  const result = await services().accounts.register(request, {
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
  if (!result.ok) {
    return data<RegisterActionData>(
      { errors: {}, formError: registrationFailureMessage(result), values: echo(form) },
      { status: result.status },
    );
  }
  const target = authRedirectTarget(url.searchParams.get("redirect"));
  // With e-mail verification on there is no session yet: the sign-in page says what to do next.
  if (services().config.requireEmailVerification) throw redirect(authPageHref("/login", target, { registered: "1" }));
  throw redirect(target, { headers: result.headers });
}

const STEPS = ["Account Info", "Personal Details"] as const;

function stepOfErrors(errors: FieldErrors): 1 | 2 | null {
  const fields = Object.keys(errors).filter((k) => errors[k]);
  if (fields.length === 0) return null;
  return fields.some((f) => registrationStepOf(f) === 1) ? 1 : 2;
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const social = root?.config.socialProviders ?? { google: false, facebook: false };
  const [searchParams] = useSearchParams();
  useSocialErrorToast(searchParams);

  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/register");

  const [step, setStep] = useState<1 | 2>(() => stepOfErrors(actionData?.errors ?? {}) ?? 1);
  const [errors, setErrors] = useState<FieldErrors>(actionData?.errors ?? {});
  const [formError, setFormError] = useState<string | null>(actionData?.formError ?? null);
  const [live, setLive] = useState<{ 1: boolean; 2: boolean }>({ 1: false, 2: false });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const values = actionData?.values ?? {};

  useEffect(() => {
    if (!actionData) return;
    setErrors(actionData.errors);
    setFormError(actionData.formError);
    const errorStep = stepOfErrors(actionData.errors);
    if (errorStep) setStep(errorStep);
  }, [actionData]);

  // After Next or Back, focus goes to the new step's heading so its fields are read in order.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  function goTo(next: 1 | 2) {
    moved.current = true;
    setStep(next);
  }

  function checkAccountInfo(form: HTMLFormElement) {
    const result = parseAccountInfo(new FormData(form));
    setErrors((current) => {
      const kept = Object.fromEntries(Object.entries(current).filter(([k]) => registrationStepOf(k) === 2));
      return result.ok ? kept : { ...kept, ...result.errors };
    });
    return result;
  }

  function checkAll(form: HTMLFormElement) {
    const result = parseRegistration(new FormData(form));
    setErrors(result.ok ? {} : result.errors);
    return result;
  }

  function next(form: HTMLFormElement) {
    setLive((l) => ({ ...l, 1: true }));
    const result = checkAccountInfo(form);
    if (result.ok) goTo(2);
    else focusFirstInvalid(form, ACCOUNT_INFO_FIELDS, result.errors);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    setFormError(null);
    if (step === 1) {
      // Enter in step 1 means Next.
      event.preventDefault();
      next(form);
      return;
    }
    setLive({ 1: true, 2: true });
    const result = checkAll(form);
    if (result.ok) return;
    event.preventDefault();
    if (stepOfErrors(result.errors) === 1) {
      goTo(1);
      return;
    }
    focusFirstInvalid(form, REGISTER_FIELDS, result.errors);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (step === 1 && live[1]) checkAccountInfo(form);
    if (step === 2 && live[2]) checkAll(form);
  }

  return (
    <AuthCard
      wide
      title="Create Account"
      subtitle="Join Abundance Collection for faster checkout and order tracking."
      footer={
        <>
          Already have an account?{" "}
          <Link to={authPageHref("/login", redirectTo)} className="font-semibold text-brand hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <StepIndicator step={step} />
      {formError && <FormMessage kind="error" className="mb-6">{formError}</FormMessage>}

      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange}>
        <fieldset hidden={step !== 1} className="min-w-0 space-y-5">
          <legend className="sr-only">Account Info</legend>
          {step === 1 && (
            <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
              Account Info
            </h2>
          )}
          <TextField
            id="register-full-name"
            name="fullName"
            label="Full Name"
            autoComplete="name"
            placeholder="Jane Doe"
            defaultValue={values.fullName}
            error={errors.fullName}
            aria-required
          />
          <TextField
            id="register-email"
            name="email"
            type="email"
            label="Email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            defaultValue={values.email}
            error={errors.email}
            aria-required
          />
          <PasswordField
            id="register-password"
            name="password"
            label="Password"
            autoComplete="new-password"
            placeholder="Create a password"
            hint="At least 8 characters, with uppercase, lowercase and a number."
            error={errors.password}
            aria-required
          />
          <PasswordField
            id="register-confirm-password"
            name="confirmPassword"
            label="Confirm Password"
            toggleName="password"
            autoComplete="new-password"
            placeholder="Repeat your password"
            error={errors.confirmPassword}
            aria-required
          />
        </fieldset>

        <fieldset hidden={step !== 2} className="min-w-0 space-y-5">
          <legend className="sr-only">Personal Details</legend>
          {step === 2 && (
            <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
              Personal Details
            </h2>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id="register-phone"
              name="phone"
              type="tel"
              label="Phone"
              optional
              autoComplete="tel"
              placeholder="+1 555 123 4567"
              defaultValue={values.phone}
              error={errors.phone}
            />
            <TextField
              id="register-date-of-birth"
              name="dateOfBirth"
              type="date"
              label="Date of Birth"
              optional
              autoComplete="bday"
              min="1900-01-01"
              max={latestToday()}
              defaultValue={values.dateOfBirth}
              error={errors.dateOfBirth}
            />
          </div>
          <TextField
            id="register-address"
            name="address"
            label="Address"
            optional
            autoComplete="street-address"
            placeholder="123 Main Street"
            defaultValue={values.address}
            error={errors.address}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id="register-city"
              name="city"
              label="City"
              optional
              autoComplete="address-level2"
              defaultValue={values.city}
              error={errors.city}
            />
            <TextField
              id="register-postal-code"
              name="postalCode"
              label="Postal Code"
              optional
              autoComplete="postal-code"
              defaultValue={values.postalCode}
              error={errors.postalCode}
            />
            <SelectField
              className="sm:col-span-2"
              id="register-country"
              name="country"
              label="Country"
              optional
              defaultValue={values.country ?? ""}
              error={errors.country}
            >
              <CountryOptions placeholder="Select country" />
            </SelectField>
          </div>
          <div className="space-y-3 rounded-2xl bg-stone-50 p-4">
            <CheckboxField
              id="register-newsletter"
              name="subscribeNewsletter"
              label="Send me news about new arrivals, restocks and offers"
              defaultChecked={values.subscribeNewsletter === "on"}
            />
            <CheckboxField
              id="register-terms"
              name="agreeToTerms"
              defaultChecked={values.agreeToTerms === "on"}
              error={errors.agreeToTerms}
              aria-required
              label={
                <>
                  I agree to the{" "}
                  <a href="/terms" target="_blank" rel="noopener" className="font-medium text-brand underline">
                    Terms and Conditions
                  </a>{" "}
                  and the{" "}
                  <a href="/privacy" target="_blank" rel="noopener" className="font-medium text-brand underline">
                    Privacy Policy
                  </a>
                </>
              }
            />
          </div>
        </fieldset>

        <div className="mt-8 flex gap-3">
          {step === 1 ? (
            // Keys: a reused <button> whose type changes during its own click would submit the form.
            <button key="next" type="submit" className={primaryButtonClass}>
              Next
              <ArrowRight className="size-4" aria-hidden />
            </button>
          ) : (
            <>
              <button key="back" type="button" className={`${secondaryButtonClass} sm:w-auto`} onClick={() => goTo(1)} disabled={submitting}>
                <ArrowLeft className="size-4" aria-hidden />
                Back
              </button>
              <button key="create" type="submit" className={primaryButtonClass} disabled={submitting}>
                {submitting && <Loader2 className="size-4 animate-spin" aria-hidden />}
                {submitting ? "Creating account..." : "Create Account"}
              </button>
            </>
          )}
        </div>
      </Form>

      <Divider label="or sign up with" />
      <SocialButtons page="register" redirectTo={redirectTo} configured={social} />
    </AuthCard>
  );
}

function StepIndicator({ step }: { step: 1 | 2 }) {
  return (
    <ol aria-label="Registration steps" className="mb-8 flex items-center gap-3 text-sm">
      {STEPS.map((label, i) => {
        const n = (i + 1) as 1 | 2;
        const done = n < step;
        const current = n === step;
        return (
          <li key={label} aria-current={current ? "step" : undefined} className="flex flex-1 items-center gap-3">
            <span
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                current || done ? "bg-ink text-white" : "border border-line bg-white text-muted"
              }`}
              aria-hidden
            >
              {done ? <Check className="size-4" /> : n}
            </span>
            <span className={current ? "font-semibold text-ink" : "text-muted"}>
              <span className="sr-only">Step {n} of 2: </span>
              {label}
            </span>
            {n === 1 && <span className="h-px flex-1 bg-line" aria-hidden />}
          </li>
        );
      })}
    </ol>
  );
}
