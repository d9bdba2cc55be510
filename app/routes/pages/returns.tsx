import { SiteLink } from "~/components/ui/site-link";
import { ContentPage, pageTitle } from "~/components/layout/content-page";
import type { Route } from "./+types/returns";

const link = "font-medium text-brand underline underline-offset-2 hover:text-brand-dark";

export function meta(_: Route.MetaArgs) {
  return [
    { title: pageTitle("Returns & Exchanges") },
    {
      name: "description",
      content: "Return or exchange any Abundance Collection item within 30 days of delivery, including sale items.",
    },
  ];
}

export default function Returns() {
  return (
    <ContentPage
      title="Returns & Exchanges"
      intro="Not quite right? You can return or exchange any item within 30 days of delivery."
    >
      <section>
        <h2>Our 30-day return policy</h2>
        <p>You have 30 days from the day your order is delivered to send items back. To be accepted, items must be:</p>
        <ul>
          <li>unworn and unwashed;</li>
          <li>in their original condition, with all tags still attached.</li>
        </ul>
        <p className="mt-3">Sale items can be returned under the same conditions as full-price items.</p>
      </section>

      <section>
        <h2>How to start a return</h2>
        <ol className="space-y-1">
          <li className="list-decimal!">
            <SiteLink to="/contact-us" className={link}>
              Contact us
            </SiteLink>{" "}
            with your order number (for example, ORD-12345678), the items you want to return and whether you would like
            a refund or an exchange.
          </li>
          <li className="list-decimal!">We reply within 1 business day with your return instructions and address.</li>
          <li className="list-decimal!">
            Pack the items securely, with their tags attached, and send them back to us.
          </li>
        </ol>
      </section>

      <section>
        <h2>Refunds</h2>
        <p>
          Once we receive and check your return, we refund the items to your original payment method within 5–10
          business days. We let you know by e-mail when the refund has been issued. Your bank or card provider may need
          a few extra days to show it on your statement.
        </p>
      </section>

      <section>
        <h2>Exchanges</h2>
        <p>
          Need a different size? We are happy to exchange an item for another size of the same product, subject to
          availability. If the size you want is no longer in stock, we refund the item instead. Our{" "}
          <SiteLink to="/size-guide" className={link}>
            size guide
          </SiteLink>{" "}
          can help you choose the right fit.
        </p>
      </section>

      <section>
        <h2>Damaged or incorrect items</h2>
        <p>
          If an item arrives damaged or is not what you ordered, please contact us within 30 days of delivery with your
          order number and a short description, and we will put it right.
        </p>
      </section>
    </ContentPage>
  );
}
