import { SiteLink } from "~/components/ui/site-link";
import { ContentPage, pageTitle } from "~/components/layout/content-page";
import type { Route } from "./+types/privacy";

const link = "font-medium text-brand underline underline-offset-2 hover:text-brand-dark";

export function meta(_: Route.MetaArgs) {
  return [
    { title: pageTitle("Privacy Policy") },
    {
      name: "description",
      content: "How Abundance Collection collects, uses, shares and protects your personal information.",
    },
  ];
}

export default function Privacy() {
  return (
    <ContentPage
      title="Privacy Policy"
      intro="We collect only the information we need to run our store and deliver your orders. This policy explains what we collect, why, and the choices you have."
    >
      <p className="text-sm text-muted">Last updated: November 1, 2026</p>

      <section>
        <h2>Information we collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> your name, e-mail address and sign-in information.
          </li>
          <li>
            <strong>Order details:</strong> the items you buy, order amounts and your order history.
          </li>
          <li>
            <strong>Shipping details:</strong> the delivery address and contact information you enter at checkout.
          </li>
          <li>
            <strong>Payment:</strong> payments are handled by our payment provider. We never see or store your card
            number.
          </li>
        </ul>
      </section>

      <section>
        <h2>Cookies and local storage</h2>
        <p>
          We use a session cookie that keeps you signed in. If you shop without signing in, your cart is kept in your
          browser’s local storage on your own device. We do not use advertising cookies.
        </p>
      </section>

      <section>
        <h2>How we use your information</h2>
        <p>
          We use your information to process and deliver your orders, manage your account, send order and shipping
          updates, handle returns and refunds, answer your questions, and keep our store secure.
        </p>
      </section>

      <section>
        <h2>Who we share it with</h2>
        <p>
          We do not sell your personal information. We share it only with the service providers who help us serve you:
        </p>
        <ul className="mt-3">
          <li>our payment provider, to process your payment;</li>
          <li>shipping carriers, to deliver your order;</li>
          <li>e-mail and WhatsApp notification providers, to send you updates about your order.</li>
        </ul>
        <p className="mt-3">We may also disclose information where the law requires it.</p>
      </section>

      <section>
        <h2>How long we keep it</h2>
        <p>
          We keep your account information while your account is open. Order records are kept for as long as we need
          them for accounting, tax and legal purposes.
        </p>
      </section>

      <section>
        <h2>Your rights</h2>
        <p>
          You can ask to access, correct or delete your personal information at any time.{" "}
          <SiteLink to="/contact-us" className={link}>
            Contact us
          </SiteLink>{" "}
          and we will respond promptly.
        </p>
      </section>

      <section>
        <h2>Security</h2>
        <p>
          Our site is served over an encrypted connection, and access to personal information is limited to the people
          who need it to run the store. No system is perfectly secure, but we work to protect your data.
        </p>
      </section>

      <section>
        <h2>Contact</h2>
        <p>
          Questions about this policy? E-mail{" "}
          <a href="mailto:support@abundancecollection.example" className={link}>
            support@abundancecollection.example
          </a>{" "}
          or write to Abundance Collection, 200 Market Street, Suite 4, Portland, OR 97204, USA.
        </p>
      </section>
    </ContentPage>
  );
}
