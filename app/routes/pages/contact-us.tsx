import { SiteLink } from "~/components/ui/site-link";
import { ContentPage, pageTitle } from "~/components/layout/content-page";
import type { Route } from "./+types/contact-us";

const link = "font-medium text-brand underline underline-offset-2 hover:text-brand-dark";

export function meta(_: Route.MetaArgs) {
  return [
    { title: pageTitle("Contact Us") },
    {
      name: "description",
      content:
        "Contact Abundance Collection customer service by e-mail, phone or post; we reply within 1 business day.",
    },
  ];
}

export default function ContactUs() {
  return (
    <ContentPage
      title="Contact Us"
      intro="Questions about an order, sizing or a return? Our customer service team is happy to help and replies within 1 business day."
    >
      <section>
        <h2>E-mail</h2>
        <p>
          Write to us at{" "}
          <a href="mailto:support@abundancecollection.example" className={link}>
            support@abundancecollection.example
          </a>
          . If your message is about an order, please include your order number (for example, ORD-12345678) so we can
          help you faster.
        </p>
      </section>

      <section>
        <h2>Phone</h2>
        <p>
          Call us on{" "}
          <a href="tel:+15550102030" className={link}>
            +1 (555) 010-2030
          </a>
          .
        </p>
      </section>

      <section>
        <h2>Opening hours</h2>
        <p>Monday to Friday, 9:00–17:00 Eastern Time (ET), excluding public holidays.</p>
        <p className="mt-2">
          Messages received outside these hours are answered on the next business day. We respond to every e-mail within
          1 business day.
        </p>
      </section>

      <section>
        <h2>Postal address</h2>
        <address className="not-italic">
          Abundance Collection
          <br />
          200 Market Street, Suite 4
          <br />
          Portland, OR 97204
          <br />
          USA
        </address>
        <p className="mt-2">
          Please don’t send returns to this address without contacting us first — we will send you return instructions.
        </p>
      </section>

      <section>
        <h2>Quick answers</h2>
        <p>Many questions are answered on our help pages:</p>
        <ul className="mt-3">
          <li>
            <SiteLink to="/faq" className={link}>
              Frequently asked questions
            </SiteLink>
          </li>
          <li>
            <SiteLink to="/shipping-info" className={link}>
              Shipping information
            </SiteLink>
          </li>
          <li>
            <SiteLink to="/returns" className={link}>
              Returns and exchanges
            </SiteLink>
          </li>
          <li>
            <SiteLink to="/size-guide" className={link}>
              Size guide
            </SiteLink>
          </li>
        </ul>
      </section>
    </ContentPage>
  );
}
