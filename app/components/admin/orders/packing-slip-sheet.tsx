import { Link } from "react-router";
import type { PackingSlip, SlipStore } from "~/modules/orders/packing-slips.server";

/**
 * One packing slip, the sheet that goes in the parcel: the store's name (or logo) and contact, the order
 * and its day, who it goes to, what is in it with size, colour and SKU (no prices), where a return goes,
 * and a line for a note. The single order's slip and the batch print the same sheet; in print each sheet
 * ends its page (`break-after: page`, see app.css's `.packing-slip`).
 */
export function PackingSlipSheet({
  slip,
  store,
  headingLevel = 1,
}: {
  slip: PackingSlip;
  store: SlipStore;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const Sub = headingLevel === 1 ? "h2" : "h3";
  const id = `slip-${slip.orderNumber}`;
  return (
    <article
      aria-labelledby={`${id}-heading`}
      data-testid="packing-slip"
      className="packing-slip rounded-2xl border border-line bg-white p-6 sm:p-10 print:rounded-none print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-6 border-b border-line pb-6">
        <div>
          {store.logoUrl ? (
            <img src={store.logoUrl} alt={store.name} className="h-12 w-auto max-w-56 object-contain" />
          ) : (
            <p className="font-display text-2xl font-semibold">{store.name}</p>
          )}
          <p className="mt-2 text-sm text-muted">{`${store.contactEmail} · ${store.contactPhone}`}</p>
        </div>
        <div className="text-right">
          <Heading id={`${id}-heading`} className="font-display text-2xl font-semibold">
            Packing slip<span className="sr-only">{` ${slip.orderNumber}`}</span>
          </Heading>
          <p className="mt-1 text-sm">{`Order ${slip.orderNumber}`}</p>
          <p className="text-sm text-muted">{`Placed ${slip.placedOn}`}</p>
        </div>
      </header>
      <div className="grid gap-6 border-b border-line py-6 sm:grid-cols-2 print:grid-cols-2">
        <section aria-labelledby={`${id}-ship-to`}>
          <Sub id={`${id}-ship-to`} className="text-xs font-semibold uppercase tracking-wider text-muted">
            Ship to
          </Sub>
          <address className="mt-2 text-sm not-italic leading-6">
            {slip.shipTo.map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
          <p className="mt-2 text-sm text-muted">{slip.method}</p>
        </section>
        <section aria-labelledby={`${id}-returns`}>
          <Sub id={`${id}-returns`} className="text-xs font-semibold uppercase tracking-wider text-muted">
            Returns
          </Sub>
          <address className="mt-2 text-sm not-italic leading-6">
            {store.returnAddress.map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
        </section>
      </div>
      <table className="mt-6 w-full text-left text-sm">
        <caption className="sr-only">{`What is in the parcel of ${slip.orderNumber}`}</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Item
            </th>
            <th scope="col" className="py-2 pr-4">
              SKU
            </th>
            <th scope="col" className="py-2 text-right">
              Quantity
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line) => (
            <tr key={line.id} className="border-b border-line">
              <td className="py-2 pr-4">
                {line.name}
                {line.detail && <span className="block text-xs text-muted">{line.detail}</span>}
              </td>
              <td className="py-2 pr-4 font-mono text-xs">{line.sku}</td>
              <td className="py-2 text-right">{line.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2} className="pt-3 text-right font-medium">
              Items
            </td>
            <td className="pt-3 text-right font-medium">{slip.units}</td>
          </tr>
        </tfoot>
      </table>
      <section aria-labelledby={`${id}-note`} className="mt-8">
        <Sub id={`${id}-note`} className="text-xs font-semibold uppercase tracking-wider text-muted">
          Note
        </Sub>
        <div className="mt-6 border-b border-line" aria-hidden />
        <div className="mt-6 border-b border-line" aria-hidden />
      </section>
    </article>
  );
}

/** A print run that could not be read (unknown orders, too many, malformed): what is wrong, and the way back. */
export function PrintRunProblem({ title, message }: { title: string; message: string }) {
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="font-display text-2xl font-semibold">{title}</h1>
      <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        {message}
      </p>
      <p className="mt-6">
        <Link to="/admin/orders" className="font-medium underline underline-offset-2">
          Back to orders
        </Link>
      </p>
    </div>
  );
}
