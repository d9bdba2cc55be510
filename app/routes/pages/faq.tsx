import type { ReactNode } from "react";
import { SiteLink } from "~/components/ui/site-link";
import { ContentPage, pageTitle } from "~/components/layout/content-page";
import type { Route } from "./+types/faq";

const link = "font-medium text-brand underline underline-offset-2 hover:text-brand-dark";

export function meta(_: Route.MetaArgs) {
  return [
    { title: pageTitle("Frequently Asked Questions") },
    {
      name: "description",
      content:
        "Answers to common questions about shipping, delivery, returns, payment, sizing and your Abundance Collection account.",
    },
  ];
}

/** One question; a native disclosure, so it opens with the mouse, Enter or Space. */
function Question({ q, children }: { q: string; children: ReactNode }) {
  return (
    <details className="group border-b border-line py-4">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-ink [&::-webkit-details-marker]:hidden">
        {q}
        <span aria-hidden="true" className="text-xl leading-none text-muted transition-transform group-open:rotate-45">
          +
        </span>
      </summary>
      <p className="mt-3">{children}</p>
    </details>
  );
}

export default function Faq() {
  return (
    <ContentPage
      title="Frequently Asked Questions"
      intro="Quick answers to the questions we hear most. Can't find what you're looking for? Our team is happy to help."
    >
      <section>
        <h2>Shipping and delivery</h2>
        <Question q="How much does shipping cost?">
          Standard shipping is free on orders over $50; otherwise it costs $9.99. Express shipping is $19.99 and
          overnight shipping is $29.99. See{" "}
          <SiteLink to="/shipping-info" className={link}>
            Shipping Information
          </SiteLink>{" "}
          for details.
        </Question>
        <Question q="How long will my order take to arrive?">
          We process orders within 1 business day. After dispatch, standard shipping takes 5–7 business days, express
          2–3 business days and overnight 1 business day. We ship to the United States, Canada, the United Kingdom and
          Australia.
        </Question>
        <Question q="How can I track my order?">
          We e-mail you a tracking number as soon as your order ships. You can also sign in, open{" "}
          <SiteLink to="/orders" className={link}>
            My Orders
          </SiteLink>{" "}
          and choose Track Package on any shipped order.
        </Question>
      </section>

      <section>
        <h2>Orders and payment</h2>
        <Question q="Which payment methods do you accept?">
          You can pay by credit or debit card or with PayPal. Payments are processed securely by our payment provider;
          we never see or store your full card number.
        </Question>
        <Question q="Can I change or cancel my order?">
          Contact us as soon as possible with your order number (for example, ORD-12345678). Because we dispatch orders
          within 1 business day, we can only change an order that has not shipped yet. Once it has shipped, you can
          return any items you don't want.
        </Question>
        <Question q="Do I need an account to order?">
          You can browse and fill your cart without an account, but you need to sign in (or create a free account) to
          check out. Your account lets you see all your orders and track them in one place.
        </Question>
      </section>

      <section>
        <h2>Returns and sizing</h2>
        <Question q="What is your return policy?">
          You can return items within 30 days of delivery if they are unworn, unwashed and have their tags attached —
          sale items included. Refunds go to your original payment method within 5–10 business days after we receive
          your return. Read the full{" "}
          <SiteLink to="/returns" className={link}>
            returns policy
          </SiteLink>
          .
        </Question>
        <Question q="How do I find my size?">
          Our{" "}
          <SiteLink to="/size-guide" className={link}>
            size guide
          </SiteLink>{" "}
          lists chest, waist and hip measurements for sizes XS to 4XL and waist sizes 28 to 38 for bottoms, with tips on
          how to measure yourself.
        </Question>
        <Question q="Can I exchange an item for a different size?">
          Yes. Contact us within 30 days of delivery and we will exchange the item for another size of the same product,
          subject to availability.
        </Question>
      </section>

      <section>
        <h2>Still need help?</h2>
        <Question q="How can I contact you?">
          E-mail support@abundancecollection.example or call +1 (555) 010-2030, Monday to Friday 9:00–17:00 ET. We reply
          within 1 business day. All the details are on our{" "}
          <SiteLink to="/contact-us" className={link}>
            Contact Us
          </SiteLink>{" "}
          page.
        </Question>
      </section>
    </ContentPage>
  );
}
