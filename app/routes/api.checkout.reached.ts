import { data } from "react-router";
import { clientIp } from "~/modules/accounts/account-limits.server";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readJsonBody } from "~/lib/http/read-body.server";
import { previewGuestCart } from "~/modules/cart/server-cart.server";
import { customerE164 } from "~/modules/notifications/phone-numbers";
import { accountCartSnapshot } from "~/modules/recovery/checkout-recovery.server";
import { reachedRequestSchema, RECOVERY_MESSAGES, type ReachedResponse } from "~/modules/recovery/recovery-api";
import { services } from "~/services.server";
import type { Route } from "./+types/api.checkout.reached";

/**
 * `POST /api/checkout/reached` (issue 31): a shopper with a known e-mail reached checkout with items —
 * recorded (or refreshed) for abandoned-checkout reminders. An account's lines are its server cart's; a
 * guest's (only with GUEST_CHECKOUT) are the body's, checked against the catalogue.
 */
const noStore = { "Cache-Control": "private, no-store" };

function reply(body: ReachedResponse, status = 200) {
  return data(body, { status, headers: noStore });
}

export async function loader() {
  return reply({ ok: false, error: "Method not allowed" }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const parsed = reachedRequestSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return reply({ ok: false, error: RECOVERY_MESSAGES.invalid }, 400);
    const body = parsed.data;
    const { config, database, recovery, sessions } = services();
    const user = await sessions.user(request);
    // The phone as WhatsApp takes it (E.164), or none: a number that cannot be read gets no WhatsApp.
    const phone = customerE164(body.phone, body.country ?? null);
    const common = { phone, consent: body.consent ?? null, whatsapp: body.whatsapp ?? false };
    if (user) {
      const lines = await accountCartSnapshot(database.db, user.id);
      await recovery.record({ ...common, userId: user.id, email: body.email ?? user.email, lines });
      return reply({ ok: true });
    }
    if (!config.guestCheckout) return reply({ ok: false, error: RECOVERY_MESSAGES.signIn }, 401);
    if (!body.email) return reply({ ok: false, error: RECOVERY_MESSAGES.emailRequired }, 400);
    await recovery.limitGuest(clientIp(request));
    const priced = await previewGuestCart(database.db, body.lines ?? [], config.orderLimits.maxQuantityPerProduct);
    const lines = priced
      .filter((l) => l.problem !== "unavailable")
      .map((l) => ({ productId: l.productId, size: l.size, color: l.color, quantity: l.quantity }));
    await recovery.record({ ...common, userId: null, email: body.email, lines });
    return reply({ ok: true });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "checkout reached" });
    return reply({ ok: false, error: message }, status);
  }
}
