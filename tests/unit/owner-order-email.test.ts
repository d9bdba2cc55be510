import { describe, expect, it } from "vitest";
import { ALL_CHANNELS_ON, messagesFor } from "~/modules/notifications/delivery-policy";
import { senderWithName } from "~/modules/notifications/mailer.server";
import { shopIdentityFrom, type ShopIdentity } from "~/modules/notifications/message-kinds";
import { renderOrderEmail } from "~/modules/notifications/render-email.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/settings-defaults";
import { messageOrderWith } from "../support/message-order";

const shop: ShopIdentity = {
  name: "Fern & Moss",
  url: "https://fern.example",
  contactEmail: "hello@fern.example",
  contactPhone: "+44 20 7946 0000",
  returnAddress: "Fern & Moss Returns\n1 High Street\nLondon",
  ownerEmail: "owner@fern.example",
};

describe("the owner's new-order e-mail", () => {
  it("names the order, its total and customer, and links to it in the back office", async () => {
    const order = messageOrderWith({ orderNumber: "ORD-12345678", totalCents: 5998 });
    const mail = await renderOrderEmail("order_confirmation", order, shop, "owner");
    expect(mail.subject).toBe("New order ORD-12345678 — $59.98");
    expect(mail.html).toContain('href="https://fern.example/admin/orders/ORD-12345678"');
    expect(mail.text).toContain("New order ORD-12345678");
    expect(mail.text).toContain(order.customerEmail);
    expect(mail.text).not.toContain("Thank you for your order");
    const test = await renderOrderEmail("order_confirmation", messageOrderWith({ isTest: true }), shop, "owner");
    expect(test.subject).toMatch(/^\[TEST\] New order /);
  });

  it("every order e-mail's footer has the store's contact and return address", async () => {
    const mail = await renderOrderEmail("shipping_notification", messageOrderWith(), shop);
    expect(mail.html).toContain('href="mailto:hello@fern.example"');
    expect(mail.html).toContain('href="tel:+442079460000"');
    expect(mail.text).toContain("Returns: Fern & Moss Returns, 1 High Street, London");
    // Without them (a shop identity from before the settings), the footer is as it was.
    const bare = await renderOrderEmail("shipping_notification", messageOrderWith(), { name: "X", url: shop.url });
    expect(bare.text).not.toContain("Questions?");
    expect(bare.text).not.toContain("Returns:");
  });
});

describe("the owner's e-mail channel", () => {
  it("is planned on order.paid only when asked for (the settings decide in the event's transaction)", () => {
    expect(messagesFor("order.paid")).not.toContainEqual(
      expect.objectContaining({ channel: "email", audience: "owner" }),
    );
    expect(messagesFor("order.paid", { ...ALL_CHANNELS_ON, ownerEmail: true })).toContainEqual({
      channel: "email",
      audience: "owner",
      type: "order_confirmation",
    });
    expect(messagesFor("order.shipped", { ...ALL_CHANNELS_ON, ownerEmail: true })).not.toContainEqual(
      expect.objectContaining({ audience: "owner" }),
    );
  });

  it("goes to the settings' owner e-mail only while alerts are on", () => {
    const on = { ...DEFAULT_SETTINGS, notifications: { ownerEmail: "o@x.example", newOrderAlerts: true } };
    expect(shopIdentityFrom(on, "https://x.example").ownerEmail).toBe("o@x.example");
    const off = { ...on, notifications: { ownerEmail: "o@x.example", newOrderAlerts: false } };
    expect(shopIdentityFrom(off, "https://x.example").ownerEmail).toBe("");
    expect(shopIdentityFrom(DEFAULT_SETTINGS, "https://x.example").name).toBe("Abundance Collection");
  });

  it("mail comes from the store's name at MAIL_FROM's address", () => {
    expect(senderWithName("Abundance Collection <shop@localhost>", "Fern & Moss")).toEqual({
      name: "Fern & Moss",
      address: "shop@localhost",
    });
    expect(senderWithName("shop@localhost", 'Evil"\r\nBcc: x')).toEqual({
      name: "Evil   Bcc: x",
      address: "shop@localhost",
    });
    expect(senderWithName("Shop <shop@localhost>", undefined)).toBe("Shop <shop@localhost>");
  });
});
