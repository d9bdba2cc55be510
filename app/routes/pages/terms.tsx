import { SiteLink } from "~/components/ui/site-link";
import { ContentPage, pageTitle } from "~/components/layout/content-page";
import type { Route } from "./+types/terms";

const link = "font-medium text-brand underline underline-offset-2 hover:text-brand-dark";

export function meta(_: Route.MetaArgs) {
  return [
    { title: pageTitle("Terms of Service") },
    {
      name: "description",
      content: "The terms that apply when you use the Abundance Collection website and place an order.",
    },
  ];
}

export default function Terms() {
  return (
    <ContentPage
      title="Terms of Service"
      intro="These terms apply when you use our website and buy from Abundance Collection. By using the site or placing an order, you agree to them."
    >
      <p className="text-sm text-muted">Last updated: November 1, 2026</p>

      <section>
        <h2>Use of the site</h2>
        <p>
          You may use this site to browse and buy our products for personal use. Please don’t misuse the site, interfere
          with its operation or try to access it in ways we don’t provide.
        </p>
      </section>

      <section>
        <h2>Accounts</h2>
        <p>
          You need an account to check out. You are responsible for keeping your sign-in details safe and for activity
          on your account, and the information you give us must be accurate.
        </p>
      </section>

      <section>
        <h2>Prices and taxes</h2>
        <p>
          All prices are in US dollars (USD). Sales tax of 8% is calculated on your order subtotal at checkout, and
          shipping costs are shown before you pay.
        </p>
      </section>

      <section>
        <h2>Orders and acceptance</h2>
        <p>
          Your order is confirmed when your payment succeeds. If an item turns out to be unavailable after you order, we
          may cancel all or part of your order; in that case we give you a full refund of the amount paid for it.
        </p>
      </section>

      <section>
        <h2>Shipping and returns</h2>
        <p>
          Shipping methods, costs and delivery times are described on our{" "}
          <SiteLink to="/shipping-info" className={link}>
            Shipping Information
          </SiteLink>{" "}
          page, and returns and exchanges are covered by our{" "}
          <SiteLink to="/returns" className={link}>
            returns policy
          </SiteLink>
          .
        </p>
      </section>

      <section>
        <h2>Intellectual property</h2>
        <p>
          All content on this site, including text, images, logos and designs, belongs to Abundance Collection or its
          licensors and may not be copied or reused without our written permission.
        </p>
      </section>

      <section>
        <h2>Limitation of liability</h2>
        <p>
          To the extent permitted by law, Abundance Collection is not liable for indirect or consequential losses
          arising from your use of the site, and our total liability for any order is limited to the amount you paid for
          it. Nothing in these terms limits rights you have under applicable consumer law.
        </p>
      </section>

      <section>
        <h2>Governing law</h2>
        <p>These terms are governed by the laws of the State of Oregon, USA.</p>
      </section>

      <section>
        <h2>Changes to these terms</h2>
        <p>
          We may update these terms from time to time. The date at the top shows the latest version, which applies to
          orders placed after it is published.
        </p>
      </section>

      <section>
        <h2>Contact</h2>
        <p>
          Questions about these terms? E-mail{" "}
          <a href="mailto:support@abundancecollection.example" className={link}>
            support@abundancecollection.example
          </a>{" "}
          or visit our{" "}
          <SiteLink to="/contact-us" className={link}>
            Contact Us
          </SiteLink>{" "}
          page.
        </p>
      </section>
    </ContentPage>
  );
}
