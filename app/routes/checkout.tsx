import { shopNameFromMatches } from "~/lib/seo";
import { ShoppingBag } from "~/components/ui/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { data } from "react-router";
import { toast } from "sonner";
import { FETCH_MESSAGES } from "~/lib/fetch-with-retry";
import { SiteLink } from "~/components/ui/site-link";
import { CheckoutSteps } from "~/components/checkout/checkout-steps";
import { OrderSummary } from "~/components/checkout/order-summary";
import { PaymentStep } from "~/components/checkout/payment-step";
import { InformationFields, ShippingFields } from "~/components/checkout/step-fields";
import { useCheckoutPayment } from "~/components/checkout/use-checkout-payment";
import { Spinner } from "~/components/search/spinner";
import { useClientStore } from "~/components/cart/client-store";
import { useShop } from "~/components/use-root-data";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { FieldErrors } from "~/lib/forms";
import { publicConfig } from "~/lib/config/config.server";
import { pageLoader } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { blockingLines, type CartItem } from "~/modules/cart/cart-rules";
import {
  CHECKOUT_STEPS,
  emptyCheckoutForm,
  INFORMATION_FIELDS,
  type CheckoutForm,
  type CheckoutStep,
} from "~/modules/orders/checkout-forms";
import { loadCheckoutChecks, type CheckoutChecks } from "~/components/checkout/checkout-checks-loader";
import { checkoutPrefill } from "~/modules/orders/checkout.server";
import { refreshPricing } from "~/components/cart/cart-client";
import { useCartPricing } from "~/components/cart/use-cart-pricing";
import {
  ReminderConsentFields,
  reportStepOne,
  useReportOpened,
  type ReminderChoice,
} from "~/components/checkout/reminder-consent";
import { newsletterConsent } from "~/modules/recovery/checkout-recovery.server";
import { getCart } from "~/modules/cart/server-cart.server";
import { toCartItems } from "~/modules/cart/cart-api";
import type { Route } from "./+types/checkout";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Checkout | ${shopNameFromMatches(matches)}` }, { name: "robots", content: "noindex" }];
}

/**
 * Signed-in users only (spec §2): anyone else goes to /login?redirect=%2Fcheckout; with GUEST_CHECKOUT
 * (issue 31) a visitor checks out as a guest with an e-mail instead.
 */
async function load({ request }: Route.LoaderArgs) {
  const { config, database } = services();
  const user = config.guestCheckout
    ? await services().sessions.user(request)
    : await services().sessions.requireUser(request);
  const { demoPayments, paypalClientId } = publicConfig(config);
  const [prefill, newsletter, cart] = user
    ? await Promise.all([
        checkoutPrefill(database.db, user),
        newsletterConsent(database.db, user.id),
        getCart(database.db, user.id).then(toCartItems),
      ])
    : [{}, false, null];
  return data(
    { prefill, newsletter, guest: !user, demoPayments, paypalClientId, cart },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
export const loader = pageLoader(load);

/**
 * Checkout (spec §2, §4, §5): Information → Shipping → Payment, each step checked before the next,
 * Back allowed, with the order summary beside it. The cart is the account's, read from the server.
 */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { items, ready, live } = useCheckoutCart(loaderData.cart);
  const [step, setStep] = useState<CheckoutStep>(0);
  // The owner's rates, free-shipping threshold, tax and countries (the server prices the order with its own read).
  const { shipping } = useShop();
  const [form, setForm] = useState<CheckoutForm>(() => emptyCheckoutForm(loaderData.prefill, shipping.shipsTo));
  // Each step is checked (the same schemas as the server's check) before the next; values live in state.
  // The checks are loaded when the shopper first reaches into the form, and awaited on Continue.
  const checks = useRef<CheckoutChecks | null>(null);
  const kit = useZodForm({ validate: () => checks.current?.validateStep(step, form, shipping.shipsTo) ?? {} });
  const { showErrors: showFieldErrors, reset: clearErrors } = kit;
  const heading = useRef<HTMLHeadingElement>(null);
  // Step 1's reminder checkboxes (issue 31): ticked already for an account that agreed to the newsletter.
  const [reminders, setReminders] = useState<ReminderChoice>({ consent: loaderData.newsletter, whatsapp: false });
  const signedIn = useClientStore((s) => s.user !== null);
  useReportOpened(signedIn, live, items.length);
  const moved = useRef(false);

  const goTo = useCallback(
    (next: CheckoutStep) => {
      moved.current = true;
      setStep(next);
      clearErrors();
    },
    [clearErrors],
  );
  // After Continue, Back or Change, focus moves to the step's heading, so keyboard and screen-reader users land on the new step.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  }, [step]);

  // The server's messages (an order refused at payment): back to the step that holds them, the kit focuses the first.
  const showErrors = useCallback(
    (found: FieldErrors) => {
      const infoFields: readonly string[] = INFORMATION_FIELDS;
      setStep(Object.keys(found).some((k) => infoFields.includes(k)) ? 0 : 1);
      showFieldErrors(found);
    },
    [showFieldErrors],
  );
  // The summary's totals with their discounts (the server prices the order itself, and refuses it if
  // its total is not this one).
  const destination = { country: form.country, state: form.state };
  const totals = useCartPricing(items, { method: form.shippingMethod, destination });
  const discountCode = totals.applied.find((a) => a.code !== null)?.code ?? null;
  const payment = useCheckoutPayment({
    form,
    totalCents: totals.totalCents,
    discountCode,
    guest: loaderData.guest,
    onFieldErrors: showErrors,
  });
  // The discounts of this account (a first order, its uses of the code) once its cart is read.
  useEffect(() => {
    if (live) void refreshPricing();
  }, [live]);

  // A changed field's message goes (the kit's onChange on the form); the next Continue checks again.
  const change = useCallback(<K extends keyof CheckoutForm>(field: K, value: CheckoutForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
  }, []);

  function prepareChecks() {
    if (!checks.current)
      void loadCheckoutChecks().then(
        (loaded) => (checks.current = loaded),
        () => undefined,
      );
  }

  async function next(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      checks.current ??= await loadCheckoutChecks();
    } catch {
      toast.error(FETCH_MESSAGES.network); // and the next Continue tries again
      return;
    }
    if (!kit.validate().ok) return;
    // Reached checkout with a known e-mail: recorded for a reminder if the cart is left (issue 31).
    if (step === 0) reportStepOne(form, reminders);
    goTo((step + 1) as CheckoutStep);
  }

  if (!ready) {
    return (
      <div className="container-page flex min-h-[50vh] items-center justify-center py-16">
        <Spinner label="Loading your cart…" />
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center">
        <ShoppingBag className="size-12 text-stone-300" aria-hidden />
        <h1 className="text-2xl font-semibold">Your cart is empty</h1>
        <SiteLink to="/shop" className="rounded-full bg-ink px-6 py-3 text-sm font-medium text-white hover:bg-black">
          Continue Shopping
        </SiteLink>
      </div>
    );
  }

  return (
    <div className="container-page py-10 sm:py-12">
      <h1 className="font-display text-4xl font-semibold">Checkout</h1>
      <div className="mt-6">
        <CheckoutSteps step={step} />
      </div>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_24rem]">
        <section aria-labelledby="step-title" className="min-w-0">
          <h2 id="step-title" ref={heading} tabIndex={-1} className="sr-only">
            Step {step + 1} of {CHECKOUT_STEPS.length}: {CHECKOUT_STEPS[step]}
          </h2>
          {step < 2 ? (
            <form
              {...kit.form}
              onSubmit={(event) => void next(event)}
              onFocus={prepareChecks}
              onPointerDown={prepareChecks}
            >
              {/* The server's rendering of the form is for reading until the browser has the cart: typed before
                  then, a value would be lost to the state React starts from, and Continue would submit natively. */}
              <fieldset disabled={!live} className="space-y-8">
                {step === 0 ? (
                  <>
                    <InformationFields form={form} errors={kit.errors} onChange={change} guest={loaderData.guest} />
                    <ReminderConsentFields choice={reminders} onChange={setReminders} />
                  </>
                ) : (
                  <ShippingFields
                    form={form}
                    errors={kit.errors}
                    onChange={change}
                    shippingOf={(method) => totals.priceOf(method).shippingCents}
                  />
                )}
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                  {step > 0 ? (
                    <button
                      type="button"
                      onClick={() => goTo((step - 1) as CheckoutStep)}
                      className="h-11 rounded-full border border-line px-6 text-sm font-semibold hover:border-stone-400"
                    >
                      Back
                    </button>
                  ) : (
                    <SiteLink
                      to="/shop"
                      className="inline-flex h-11 items-center justify-center rounded-full px-6 text-sm font-semibold text-muted hover:text-ink"
                    >
                      Continue Shopping
                    </SiteLink>
                  )}
                  <button
                    type="submit"
                    className="h-11 rounded-full bg-ink px-8 text-sm font-semibold text-white hover:bg-black"
                  >
                    {step === 0 ? "Continue to Shipping" : "Continue to Payment"}
                  </button>
                </div>
              </fieldset>
            </form>
          ) : (
            <div className="space-y-6">
              <PaymentStep
                form={form}
                totalCents={totals.totalCents}
                demoPayments={loaderData.demoPayments}
                paypalClientId={loaderData.paypalClientId}
                payment={payment}
                onEdit={goTo}
                blocked={blockingLines(items).length > 0}
              />
              <button
                type="button"
                onClick={() => goTo(1)}
                disabled={payment.busy !== null}
                className="h-11 rounded-full border border-line px-6 text-sm font-semibold hover:border-stone-400 disabled:opacity-60"
              >
                Back
              </button>
            </div>
          )}
        </section>
        <OrderSummary items={items} shippingMethod={form.shippingMethod} destination={destination} totals={totals} />
      </div>
    </div>
  );
}

/**
 * The lines checkout shows. The browser's store has them once it has read the cart again (the account's,
 * with a guest's lines merged in at sign-in); until then a signed-in shopper's page shows the lines the
 * server rendered it with, so the form is in the first paint and hydrates as it is, rather than replacing
 * a spinner (a render and a layout of the whole form that held a phone's main thread). An empty server
 * cart waits for the browser: a guest's lines may be about to be merged into it.
 */
function useCheckoutCart(rendered: readonly CartItem[] | null): {
  items: readonly CartItem[];
  /** There are lines to show (or to say there are none). */
  ready: boolean;
  /** The lines are the browser's: the form can be used. */
  live: boolean;
} {
  const live = useClientStore((s) => s.cartReady);
  // The stored lines only once they are read again: the browser's saved copy, restored during hydration,
  // would re-render the whole page for lines it does not show.
  const stored = useClientStore((s) => (s.cartReady ? s.cart : NO_LINES));
  if (live || !rendered?.length) return { items: stored, ready: live, live };
  return { items: rendered, ready: true, live };
}

const NO_LINES: readonly CartItem[] = [];
