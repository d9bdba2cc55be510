import type { PagesSettings } from "./settings-schema";

/**
 * The shop's information pages as the demo shop has them, in Markdown: the defaults the owner edits on
 * the Settings page (rendered by modules/content/markdown.server.ts, without raw HTML).
 *
 * - The first paragraph, before any heading, is the page's intro (shown large under the title).
 * - `##` starts a section; on the FAQ, `###` is a question that opens to its answer.
 * - Placeholders put the store's settings in, so a changed address or rate shows on every page:
 *   {{storeName}}, {{contactEmail}} (a mail link), {{contactPhone}} (a phone link), {{returnAddress}}
 *   (its lines), {{freeShippingThreshold}}, {{standardRate}}, {{expressRate}}, {{overnightRate}}, {{taxRate}},
 *   {{returnDays}} (the return window's days, from the Returns settings).
 */

const contact = `Questions about an order, sizing or a return? Our customer service team is happy to help and replies within 1 business day.

## E-mail

Write to us at {{contactEmail}}. If your message is about an order, please include your order number (for example, ORD-12345678) so we can help you faster.

## Phone

Call us on {{contactPhone}}.

## Opening hours

Monday to Friday, 9:00–17:00 Eastern Time (ET), excluding public holidays.

Messages received outside these hours are answered on the next business day. We respond to every e-mail within 1 business day.

## Postal address

{{returnAddress}}

Please don’t send returns to this address without contacting us first — we will send you return instructions.

## Quick answers

Many questions are answered on our help pages:

- [Frequently asked questions](/faq)
- [Shipping information](/shipping-info)
- [Returns and exchanges](/returns)
- [Size guide](/size-guide)
`;

const shipping = `Standard shipping is free on every order over {{freeShippingThreshold}}. Here is how and where we ship, what it costs and how long it takes.

## Shipping methods and costs

You choose your shipping method at checkout. Delivery times are counted in business days after dispatch.

| Method | Cost | Delivery after dispatch |
| --- | --- | --- |
| Standard | Free on orders over {{freeShippingThreshold}}, otherwise {{standardRate}} | 5–7 business days |
| Express | {{expressRate}} | 2–3 business days |
| Overnight | {{overnightRate}} | 1 business day |

The free-shipping threshold applies to your order subtotal before tax. Express and overnight shipping are always charged at the price shown.

## Processing and delivery times

- Orders are processed and dispatched within 1 business day of payment.
- Within the contiguous United States, most standard orders arrive sooner than the maximum: your order confirmation shows an estimated delivery of 3–5 business days after dispatch.
- Business days are Monday to Friday, excluding public holidays.
- Delivery times are estimates from our carriers and can be affected by weather or customs checks.

## Where we ship

We currently ship to the United States, Canada, the United Kingdom and Australia. Orders sent outside the United States may be subject to import duties or taxes charged by the destination country.

## Tracking your order

As soon as your order ships, we e-mail you a tracking number. Signed-in customers can also follow every order from the [My Orders](/orders) page using Track Package.

## Questions

Need to send something back? See our [returns policy](/returns). For anything else about your delivery, [contact us](/contact-us) with your order number.
`;

const returns = `Not quite right? You can return or exchange any item within {{returnDays}} days of delivery.

## Our {{returnDays}}-day return policy

You have {{returnDays}} days from the day your order is delivered to send items back. To be accepted, items must be:

- unworn and unwashed;
- in their original condition, with all tags still attached.

Sale items can be returned under the same conditions as full-price items.

## How to start a return

1. Sign in and open [My Orders](/orders). On a delivered order, choose **Return or exchange**, then the items, a reason for each, and whether you would like a refund or another size or colour. The size you choose is set aside for you at once.
2. We reply within 1 business day. Your return's page shows its number (RMA-…) and printable return instructions with our address.
3. Pack the items securely, with their tags attached and the return number inside, and send them back to us.

Ordered as a guest? [Contact us](/contact-us) with your order number (for example, ORD-12345678) and we will start the return for you.

## Refunds

Once we receive and check your return, we refund the items to your original payment method within 5–10 business days. We let you know by e-mail when the refund has been issued. Your bank or card provider may need a few extra days to show it on your statement.

## Exchanges

Need a different size? Exchange an item for another size or colour of the same product, free of charge. The replacement is reserved when you ask, so it cannot sell out while your parcel travels, and it ships as soon as your return arrives. Our [size guide](/size-guide) can help you choose the right fit.

## Damaged or incorrect items

If an item arrives damaged or is not what you ordered, please contact us within {{returnDays}} days of delivery with your order number and a short description, and we will put it right.
`;

const sizeGuide = `Our tops and dresses come in sizes XS to 4XL, and our bottoms in waist sizes 28 to 38. Use the body measurements below to find your fit.

## Tops and dresses

Body measurements in inches (in) and centimeters (cm).

| Size | Chest (in) | Chest (cm) | Waist (in) | Waist (cm) | Hip (in) | Hip (cm) |
| --- | --- | --- | --- | --- | --- | --- |
| **XS** | 32–34 | 81–86 | 26–28 | 66–71 | 34–36 | 86–91 |
| **S** | 35–37 | 89–94 | 29–31 | 74–79 | 37–39 | 94–99 |
| **M** | 38–40 | 97–102 | 32–34 | 81–86 | 40–42 | 102–107 |
| **L** | 41–43 | 104–109 | 35–37 | 89–94 | 43–45 | 109–114 |
| **XL** | 44–46 | 112–117 | 38–40 | 97–102 | 46–48 | 117–122 |
| **XXL** | 47–49 | 119–124 | 41–43 | 104–109 | 49–51 | 124–130 |
| **XXXL** | 50–52 | 127–132 | 44–46 | 112–117 | 52–54 | 132–137 |
| **4XL** | 53–55 | 135–140 | 47–49 | 119–124 | 55–57 | 140–145 |

## Bottoms

Our trousers, jeans and shorts are sized by waist measurement.

| Size | Waist (in) | Waist (cm) | Typical inseam |
| --- | --- | --- | --- |
| **28** | 28 | 71 | 30–32 in (76–81 cm) |
| **30** | 30 | 76 | 30–32 in (76–81 cm) |
| **32** | 32 | 81 | 30–32 in (76–81 cm) |
| **34** | 34 | 86 | 30–32 in (76–81 cm) |
| **36** | 36 | 91 | 30–32 in (76–81 cm) |
| **38** | 38 | 97 | 30–32 in (76–81 cm) |

## How to measure

Measure over light clothing with a soft tape measure, keeping it snug but not tight.

- **Chest:** measure around the fullest part of your chest, under your arms, keeping the tape level.
- **Waist:** measure around your natural waistline, the narrowest part of your torso.
- **Hip:** stand with your feet together and measure around the fullest part of your hips.
- **Inseam:** measure from the crotch to the bottom of the ankle along the inside of your leg.

## Between sizes?

If your measurements fall between two sizes, we recommend choosing the larger size for a more relaxed fit. If a size doesn’t work out, you can exchange it for another size within {{returnDays}} days — see our [returns policy](/returns).
`;

const faq = `Quick answers to the questions we hear most. Can't find what you're looking for? Our team is happy to help.

## Shipping and delivery

### How much does shipping cost?

Standard shipping is free on orders over {{freeShippingThreshold}}; otherwise it costs {{standardRate}}. Express shipping is {{expressRate}} and overnight shipping is {{overnightRate}}. See [Shipping Information](/shipping-info) for details.

### How long will my order take to arrive?

We process orders within 1 business day. After dispatch, standard shipping takes 5–7 business days, express 2–3 business days and overnight 1 business day. We ship to the United States, Canada, the United Kingdom and Australia.

### How can I track my order?

We e-mail you a tracking number as soon as your order ships. You can also sign in, open [My Orders](/orders) and choose Track Package on any shipped order.

## Orders and payment

### Which payment methods do you accept?

You can pay by credit or debit card or with PayPal. Payments are processed securely by our payment provider; we never see or store your full card number.

### Can I change or cancel my order?

Contact us as soon as possible with your order number (for example, ORD-12345678). Because we dispatch orders within 1 business day, we can only change an order that has not shipped yet. Once it has shipped, you can return any items you don't want.

### Do I need an account to order?

You can browse and fill your cart without an account, but you need to sign in (or create a free account) to check out. Your account lets you see all your orders and track them in one place.

## Returns and sizing

### What is your return policy?

You can return items within {{returnDays}} days of delivery if they are unworn, unwashed and have their tags attached — sale items included. Refunds go to your original payment method within 5–10 business days after we receive your return. Read the full [returns policy](/returns).

### How do I find my size?

Our [size guide](/size-guide) lists chest, waist and hip measurements for sizes XS to 4XL and waist sizes 28 to 38 for bottoms, with tips on how to measure yourself.

### Can I exchange an item for a different size?

Yes, within {{returnDays}} days of delivery: choose **Return or exchange** on the order in [My Orders](/orders) and pick the size you want. It is set aside for you at once and ships, free, when your return arrives.

## Still need help?

### How can I contact you?

E-mail {{contactEmail}} or call {{contactPhone}}, Monday to Friday 9:00–17:00 ET. We reply within 1 business day. All the details are on our [Contact Us](/contact-us) page.
`;

const privacy = `We collect only the information we need to run our store and deliver your orders. This policy explains what we collect, why, and the choices you have.

*Last updated: November 1, 2026*

## Information we collect

- **Account details:** your name, e-mail address and sign-in information.
- **Order details:** the items you buy, order amounts and your order history.
- **Shipping details:** the delivery address and contact information you enter at checkout.
- **Payment:** payments are handled by our payment provider. We never see or store your card number.

## Cookies and local storage

We use a session cookie that keeps you signed in. If you shop without signing in, your cart is kept in your browser’s local storage on your own device. We do not use advertising cookies.

## How we use your information

We use your information to process and deliver your orders, manage your account, send order and shipping updates, handle returns and refunds, answer your questions, and keep our store secure.

## Who we share it with

We do not sell your personal information. We share it only with the service providers who help us serve you:

- our payment provider, to process your payment;
- shipping carriers, to deliver your order;
- e-mail and WhatsApp notification providers, to send you updates about your order.

We may also disclose information where the law requires it.

## How long we keep it

We keep your account information while your account is open. Order records are kept for as long as we need them for accounting, tax and legal purposes.

## Your rights

You can ask to access, correct or delete your personal information at any time. [Contact us](/contact-us) and we will respond promptly.

## Security

Our site is served over an encrypted connection, and access to personal information is limited to the people who need it to run the store. No system is perfectly secure, but we work to protect your data.

## Contact

Questions about this policy? E-mail {{contactEmail}} or write to us at:

{{returnAddress}}
`;

const terms = `These terms apply when you use our website and buy from {{storeName}}. By using the site or placing an order, you agree to them.

*Last updated: November 1, 2026*

## Use of the site

You may use this site to browse and buy our products for personal use. Please don’t misuse the site, interfere with its operation or try to access it in ways we don’t provide.

## Accounts

You need an account to check out. You are responsible for keeping your sign-in details safe and for activity on your account, and the information you give us must be accurate.

## Prices and taxes

All prices are in US dollars (USD). Sales tax of {{taxRate}} is calculated on your order subtotal at checkout, and shipping costs are shown before you pay.

## Orders and acceptance

Your order is confirmed when your payment succeeds. If an item turns out to be unavailable after you order, we may cancel all or part of your order; in that case we give you a full refund of the amount paid for it.

## Shipping and returns

Shipping methods, costs and delivery times are described on our [Shipping Information](/shipping-info) page, and returns and exchanges are covered by our [returns policy](/returns).

## Intellectual property

All content on this site, including text, images, logos and designs, belongs to {{storeName}} or its licensors and may not be copied or reused without our written permission.

## Limitation of liability

To the extent permitted by law, {{storeName}} is not liable for indirect or consequential losses arising from your use of the site, and our total liability for any order is limited to the amount you paid for it. Nothing in these terms limits rights you have under applicable consumer law.

## Governing law

These terms are governed by the laws of the State of Oregon, USA.

## Changes to these terms

We may update these terms from time to time. The date at the top shows the latest version, which applies to orders placed after it is published.

## Contact

Questions about these terms? E-mail {{contactEmail}} or visit our [Contact Us](/contact-us) page.
`;

export const DEFAULT_PAGE_TEXTS: PagesSettings["pages"] = {
  contact,
  shipping,
  returns,
  sizeGuide,
  faq,
  privacy,
  terms,
};
