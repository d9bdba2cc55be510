import { useEffect, useRef } from "react";
import { CheckboxField } from "~/components/ui/field";
import { useClientStore } from "~/components/cart/client-store";
import { postJson } from "~/lib/post-json";
import { guestLinesOf } from "~/modules/cart/cart-rules";
import type { ReachedRequest, ReachedResponse } from "~/modules/recovery/recovery-api";

export interface ReminderChoice {
  /** Marketing e-mail (cart reminders, offers): ticked by the shopper, stored with the time. */
  consent: boolean;
  /** Reminders by WhatsApp too, to the step's phone. */
  whatsapp: boolean;
}

/**
 * Step 1's reminder checkboxes (issue 31): marketing e-mail (pre-ticked only for an account that agreed
 * to the newsletter), and WhatsApp besides, to the phone above.
 */
export function ReminderConsentFields({
  choice,
  onChange,
}: {
  choice: ReminderChoice;
  onChange: (choice: ReminderChoice) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Updates and reminders</legend>
      <CheckboxField
        id="checkout-marketing-consent"
        name="marketingConsent"
        label="Send me news, offers and a reminder if I leave items in my cart (by e-mail)"
        checked={choice.consent}
        onChange={(e) =>
          onChange({ ...choice, consent: e.target.checked, whatsapp: e.target.checked && choice.whatsapp })
        }
      />
      {choice.consent ? (
        <CheckboxField
          id="checkout-whatsapp-consent"
          name="whatsappConsent"
          label="Also remind me on WhatsApp"
          checked={choice.whatsapp}
          onChange={(e) => onChange({ ...choice, whatsapp: e.target.checked })}
        />
      ) : null}
    </fieldset>
  );
}

/** Tells the server a shopper reached checkout (issue 31); never in the way of the checkout itself. */
export function reportCheckoutReached(body: ReachedRequest): void {
  void postJson<ReachedResponse>("/api/checkout/reached", body, "once").catch(() => undefined);
}

/** The step-1 report: the e-mail, phone and checkboxes; a guest's browser cart lines too. */
export function reportStepOne(form: { email: string; phone: string; country: string }, choice: ReminderChoice): void {
  const { user, cart } = useClientStore.getState();
  reportCheckoutReached({
    email: form.email.trim(),
    phone: form.phone.trim() || undefined,
    country: form.country,
    consent: choice.consent,
    whatsapp: choice.whatsapp,
    ...(user ? {} : { lines: guestLinesOf(cart) }),
  });
}

/** An account's checkout opened with items: recorded once per page (its consent is its newsletter's). */
export function useReportOpened(signedIn: boolean, ready: boolean, itemCount: number): void {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !signedIn || !ready || itemCount === 0) return;
    sent.current = true;
    reportCheckoutReached({});
  }, [signedIn, ready, itemCount]);
}
