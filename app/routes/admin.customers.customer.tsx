import { data, Link } from "react-router";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import { pageLoader } from "~/lib/http/error-answer.server";
import { formatCents } from "~/lib/money";
import { customerDetail } from "~/modules/customers/customers.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.customers.customer";

export function meta() {
  return [{ title: "Customer | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/** `/admin/customers/:id`: one customer's contact details, orders and figures. Roles with 'customers' only. */
async function load({ request, params }: Route.LoaderArgs) {
  await services().backOffice.require(request, "customers");
  const customer = await customerDetail(services().database.db, params.id.slice(0, 200));
  if (!customer) throw data("No such customer", { status: 404, headers: noStore });
  return data({ customer }, { headers: noStore });
}
export const loader = pageLoader(load);

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const c = loaderData.customer;
  const postal = [c.address.address, c.address.city, c.address.postalCode, c.address.country].filter(Boolean);
  return (
    <div className="container-page py-10">
      <p className="mb-2 text-sm">
        <Link to="/admin/customers" className="underline">
          ← Customers
        </Link>
      </p>
      <h1 className="mb-6 font-display text-4xl font-semibold">{c.name || c.email}</h1>
      <Section id="contact" title="Contact">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 text-sm">
          <dt>E-mail</dt>
          <dd>{c.email}</dd>
          <dt>Phone</dt>
          <dd>{c.phone ?? "—"}</dd>
          <dt>Address</dt>
          <dd>{postal.length ? postal.join(", ") : "—"}</dd>
          <dt>Customer since</dt>
          <dd>{day(c.joinedAt)}</dd>
          <dt>Marketing</dt>
          <dd data-testid="consent">
            {c.subscribed ? `Subscribed to the newsletter (agreed ${day(c.consentAt)})` : "Not subscribed"}
          </dd>
        </dl>
      </Section>
      <Section id="figures" title="Figures">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 text-sm">
          <dt>Orders</dt>
          <dd data-testid="orders-count">{c.ordersCounted}</dd>
          <dt>Total spent</dt>
          <dd data-testid="spent">{formatCents(c.spentCents)}</dd>
          <dt>Average order</dt>
          <dd data-testid="average">{c.averageCents === null ? "—" : formatCents(c.averageCents)}</dd>
          <dt>Sizes bought most</dt>
          <dd data-testid="sizes">{c.sizes.map((s) => `${s.value} (${s.quantity})`).join(", ") || "—"}</dd>
          <dt>Colours bought most</dt>
          <dd data-testid="colors">{c.colors.map((s) => `${s.value} (${s.quantity})`).join(", ") || "—"}</dd>
        </dl>
      </Section>
      <Section id="addresses" title="Addresses used">
        <ul className="text-sm" data-testid="addresses">
          {c.addresses.map((a) => (
            <li key={a.line}>
              {a.line} ({a.used} {a.used === 1 ? "order" : "orders"})
            </li>
          ))}
        </ul>
      </Section>
      <Section id="orders" title="Orders">
        <ul className="text-sm">
          {c.orders.map((o) => (
            <li key={o.orderNumber}>
              <Link to={`/admin/orders/${o.orderNumber}`} className="inline-flex min-h-6 items-center underline">
                {o.orderNumber}
              </Link>{" "}
              {day(o.createdAt)} · {o.status} · {o.paymentStatus} · {formatCents(o.totalCents)}
              {o.isTest ? " · test" : ""}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="returns" title="Returns">
        <ul className="text-sm">
          {c.returns.map((r) => (
            <li key={r.rmaNumber}>
              <Link to={`/admin/returns/${r.rmaNumber}`} className="inline-flex min-h-6 items-center underline">
                {r.rmaNumber}
              </Link>{" "}
              ({r.orderNumber}) {r.status}
              {r.refundCents !== null ? ` · ${formatCents(r.refundCents)}` : ""}
            </li>
          ))}
        </ul>
        {c.returns.length === 0 ? <p className="text-sm text-muted">None.</p> : null}
      </Section>
      <Section id="reviews" title="Reviews">
        <ul className="text-sm">
          {c.reviews.map((r, i) => (
            <li key={i}>
              {r.productName}: {r.rating}/5 “{r.title}” ({r.status})
            </li>
          ))}
        </ul>
        {c.reviews.length === 0 ? <p className="text-sm text-muted">None.</p> : null}
      </Section>
    </div>
  );
}
