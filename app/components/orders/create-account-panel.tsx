import { Form, useNavigation } from "react-router";
import { CheckboxField, FormMessage, TextField } from "~/components/ui/field";
import { SiteLink } from "~/components/ui/site-link";
import type { FieldErrors } from "~/lib/forms";

/** What the confirmation page's action answers when the account was not created. */
export interface CreateAccountAnswer {
  errors: FieldErrors;
  formError: string | null;
}

/**
 * 'Create an account' on a guest order's confirmation page (issue 31, delayed account creation): the
 * e-mail and name are the order's, filled in; a password twice and the terms make the account, which
 * then holds this order (and, once the e-mail is proven, the e-mail's earlier guest orders).
 */
export function CreateAccountPanel({
  offer,
  orderNumber,
  answer,
}: {
  offer: { email: string; fullName: string; token: string | null };
  orderNumber: string;
  answer: CreateAccountAnswer | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = answer?.errors ?? {};
  return (
    <section aria-labelledby="create-account-title" className="mt-6 rounded-2xl border border-line bg-white p-6">
      <h2 id="create-account-title" className="text-lg font-semibold">
        Create an account
      </h2>
      <p className="mt-2 text-sm text-muted">
        Save your details for next time and follow this order under My Orders. Your e-mail is already filled in.
      </p>
      {answer?.formError && (
        <FormMessage kind="error" className="mt-4">
          {answer.formError}
        </FormMessage>
      )}
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        {offer.token && <input type="hidden" name="t" value={offer.token} />}
        <TextField
          id="account-fullName"
          name="fullName"
          label="Full name"
          autoComplete="name"
          defaultValue={offer.fullName}
          error={errors.fullName}
          required
        />
        <TextField
          id="account-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          defaultValue={offer.email}
          error={errors.email}
          required
        />
        <TextField
          id="account-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters, with upper and lower case letters and a number."
          error={errors.password}
          required
        />
        <TextField
          id="account-confirmPassword"
          name="confirmPassword"
          type="password"
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          required
        />
        <CheckboxField
          id="account-agreeToTerms"
          name="agreeToTerms"
          className="sm:col-span-2"
          error={errors.agreeToTerms}
          label={
            <>
              I agree to the{" "}
              <SiteLink to="/terms" className="font-medium underline">
                terms and conditions
              </SiteLink>
            </>
          }
        />
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={submitting}
            className="rounded-full bg-ink px-6 py-3 text-sm font-medium text-white hover:bg-black disabled:opacity-60"
          >
            {submitting ? "Creating account…" : "Create Account"}
          </button>
          <p className="mt-3 text-sm text-muted">
            Already have an account with this e-mail?{" "}
            <SiteLink
              to={`/login?redirect=${encodeURIComponent(`/order-confirmation/${orderNumber}`)}`}
              className="font-medium text-ink underline"
            >
              Sign in
            </SiteLink>{" "}
            to add this order to it.
          </p>
        </div>
      </Form>
    </section>
  );
}

/**
 * For a signed-in account with the order's e-mail, on a guest order this browser placed (or opened from
 * its link): 'Add this order to my account'.
 */
export function AddToAccountPanel({ token }: { token: string | null }) {
  return (
    <section aria-labelledby="add-to-account-title" className="mt-6 rounded-2xl border border-line bg-white p-6">
      <h2 id="add-to-account-title" className="text-lg font-semibold">
        Add this order to your account
      </h2>
      <p className="mt-2 text-sm text-muted">
        It was placed without signing in, with your account&apos;s e-mail. Add it to follow it under My Orders.
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="attach" />
        {token && <input type="hidden" name="t" value={token} />}
        <button type="submit" className="rounded-full bg-ink px-6 py-3 text-sm font-medium text-white hover:bg-black">
          Add to my account
        </button>
      </Form>
    </section>
  );
}
