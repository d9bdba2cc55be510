import { CreditCard, Lock } from "~/components/ui/icons";
import { useState } from "react";
import { Spinner } from "~/components/search/spinner";
import { formatCents } from "~/lib/money";
import { PAYMENT_MESSAGES } from "~/modules/orders/checkout-api";
import { countryName } from "~/lib/countries";
import type { CheckoutForm } from "~/modules/orders/checkout-forms";
import { SHIPPING_METHODS } from "~/modules/pricing/pricing";
import { PayPalButtons } from "./paypal-buttons";
import type { useCheckoutPayment } from "./use-checkout-payment";

/**
 * Step 3, Payment: what will be shipped where, then PayPal (when configured) and the demo payment
 * (while demo payments are on). PayPal failing to load shows 'PayPal temporarily unavailable'.
 */
export function PaymentStep(props: {
  form: CheckoutForm;
  totalCents: number;
  demoPayments: boolean;
  paypalClientId: string | null;
  payment: ReturnType<typeof useCheckoutPayment>;
  /** The review's 'Change' buttons; without it (a draft order's payment link) the review is read-only. */
  onEdit?: (step: 0 | 1) => void;
  blocked: boolean;
}) {
  const { form, payment } = props;
  const [paypalUnavailable, setPayPalUnavailable] = useState(false);
  const [decline, setDecline] = useState(false);
  const busy = payment.busy !== null;
  const country = countryName(form.country) ?? form.country;
  const noMethod = !props.demoPayments && (!props.paypalClientId || paypalUnavailable);
  const edit = (step: 0 | 1) => (props.onEdit ? () => props.onEdit!(step) : undefined);

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="review-title"
        className="divide-y divide-line rounded-2xl border border-line bg-white text-sm"
      >
        <h2 id="review-title" className="sr-only">
          Review
        </h2>
        <ReviewRow label="Contact" onEdit={edit(0)}>
          {form.firstName} {form.lastName} · {form.email} · {form.phone}
        </ReviewRow>
        <ReviewRow label="Ship to" onEdit={edit(1)}>
          {[form.address, form.apartment, form.city, form.state, form.postalCode, country].filter(Boolean).join(", ")}
        </ReviewRow>
        <ReviewRow label="Method" onEdit={edit(1)}>
          {SHIPPING_METHODS[form.shippingMethod].label} ({SHIPPING_METHODS[form.shippingMethod].delivery})
        </ReviewRow>
      </section>

      <section aria-labelledby="payment-title" className="space-y-5">
        <h2 id="payment-title" className="flex items-center gap-2 text-lg font-semibold">
          <Lock className="size-4" aria-hidden /> Payment
        </h2>
        {payment.error && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {payment.error}
          </p>
        )}
        {props.blocked && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            Some items are no longer available. Remove them from your cart to pay.
          </p>
        )}
        {props.paypalClientId &&
          (paypalUnavailable ? (
            <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {PAYMENT_MESSAGES.paypalUnavailable}
              {props.demoPayments ? ". You can use the demo payment below." : ". Please try again later."}
            </p>
          ) : (
            <PayPalButtons
              clientId={props.paypalClientId}
              disabled={busy || props.blocked}
              createOrder={payment.createPayPalOrder}
              onApprove={payment.approvePayPal}
              onCancel={() => void payment.abandonPayPal(null)}
              onError={() => void payment.abandonPayPal(PAYMENT_MESSAGES.paypalFailed)}
              onUnavailable={() => setPayPalUnavailable(true)}
            />
          ))}
        {props.demoPayments && (
          <div className="rounded-2xl border border-dashed border-stone-400 bg-stone-50 p-5">
            <p className="flex items-center gap-2 font-medium">
              <CreditCard className="size-4" aria-hidden /> Demo payment
            </p>
            <p className="mt-1 text-sm text-muted">No money changes hands: the order is paid in 1.5 seconds.</p>
            <label className="mt-3 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={decline}
                onChange={(e) => setDecline(e.target.checked)}
                className="accent-ink"
              />
              Simulate a declined payment
            </label>
            <button
              type="button"
              disabled={busy || props.blocked}
              onClick={() => void payment.payByDemo(decline)}
              className="mt-4 inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-ink px-6 text-sm font-semibold text-white hover:bg-black disabled:cursor-not-allowed disabled:opacity-60"
            >
              {payment.busy === "placing" ? (
                <Spinner label="Placing order…" className="text-white" />
              ) : payment.busy === "paying" ? (
                <Spinner label="Processing payment…" className="text-white" />
              ) : (
                `Pay ${formatCents(props.totalCents)}`
              )}
            </button>
          </div>
        )}
        {noMethod && (
          <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Online payment is not available right now. Please try again later.
          </p>
        )}
      </section>
    </div>
  );
}

function ReviewRow({ label, children, onEdit }: { label: string; children: React.ReactNode; onEdit?: () => void }) {
  return (
    <div className="flex items-start gap-3 px-4 py-4 sm:gap-4 sm:px-5">
      <span className="w-16 shrink-0 text-muted sm:w-20">{label}</span>
      <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{children}</span>
      {onEdit ? (
        <button
          type="button"
          onClick={onEdit}
          className="text-sm font-medium underline underline-offset-2"
          aria-label={`Change ${label.toLowerCase()}`}
        >
          Change
        </button>
      ) : null}
    </div>
  );
}
