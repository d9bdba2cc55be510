import { SiteLink } from "~/components/ui/site-link";
import { ContentPage, pageTitle } from "~/components/layout/content-page";
import type { Route } from "./+types/shipping-info";

const link = "font-medium text-brand underline underline-offset-2 hover:text-brand-dark";

export function meta(_: Route.MetaArgs) {
  return [
    { title: pageTitle("Shipping Information") },
    {
      name: "description",
      content:
        "Shipping methods, costs and delivery times for Abundance Collection orders, with free standard shipping on orders over $50.",
    },
  ];
}

export default function ShippingInfo() {
  return (
    <ContentPage
      title="Shipping Information"
      intro="Standard shipping is free on every order over $50. Here is how and where we ship, what it costs and how long it takes."
    >
      <section>
        <h2>Shipping methods and costs</h2>
        <p>You choose your shipping method at checkout. Delivery times are counted in business days after dispatch.</p>
        <div className="mt-4 overflow-x-auto">
          <table>
            <caption className="sr-only">Shipping methods, costs and delivery times</caption>
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Cost</th>
                <th scope="col">Delivery after dispatch</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Standard</td>
                <td>Free on orders over $50, otherwise $9.99</td>
                <td>5–7 business days</td>
              </tr>
              <tr>
                <td>Express</td>
                <td>$19.99</td>
                <td>2–3 business days</td>
              </tr>
              <tr>
                <td>Overnight</td>
                <td>$29.99</td>
                <td>1 business day</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p className="mt-4">
          The free-shipping threshold applies to your order subtotal before tax. Express and overnight shipping are
          always charged at the price shown.
        </p>
      </section>

      <section>
        <h2>Processing and delivery times</h2>
        <ul>
          <li>Orders are processed and dispatched within 1 business day of payment.</li>
          <li>
            Within the contiguous United States, most standard orders arrive sooner than the maximum: your order
            confirmation shows an estimated delivery of 3–5 business days after dispatch.
          </li>
          <li>Business days are Monday to Friday, excluding public holidays.</li>
          <li>Delivery times are estimates from our carriers and can be affected by weather or customs checks.</li>
        </ul>
      </section>

      <section>
        <h2>Where we ship</h2>
        <p>
          We currently ship to the United States, Canada, the United Kingdom and Australia. Orders sent outside the
          United States may be subject to import duties or taxes charged by the destination country.
        </p>
      </section>

      <section>
        <h2>Tracking your order</h2>
        <p>
          As soon as your order ships, we e-mail you a tracking number. Signed-in customers can also follow every order
          from the{" "}
          <SiteLink to="/orders" className={link}>
            My Orders
          </SiteLink>{" "}
          page using Track Package.
        </p>
      </section>

      <section>
        <h2>Questions</h2>
        <p>
          Need to send something back? See our{" "}
          <SiteLink to="/returns" className={link}>
            returns policy
          </SiteLink>
          . For anything else about your delivery,{" "}
          <SiteLink to="/contact-us" className={link}>
            contact us
          </SiteLink>{" "}
          with your order number.
        </p>
      </section>
    </ContentPage>
  );
}
