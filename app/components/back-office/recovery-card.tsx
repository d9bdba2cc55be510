import { formatCents } from "~/lib/money";
import type { RecoveryFigures } from "~/modules/recovery/checkout-recovery.server";

/**
 * Abandoned-checkout recovery's figures (issue 31), on the /admin dashboard and in Analytics: carts a
 * reminder brought back (orders placed after a restore link, paid), their revenue, and the reminders sent.
 */
export function RecoveryCard({
  figures,
  range,
  headingLevel = "h2",
}: {
  figures: RecoveryFigures;
  range: { from: string; to: string };
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const count = (n: number) => n.toLocaleString("en-US");
  return (
    <section
      aria-labelledby="recovery-heading"
      className="mt-6 rounded-2xl border border-line bg-white p-5"
      data-testid="recovery-figures"
    >
      <Heading id="recovery-heading" className="font-display text-lg font-semibold">
        Cart reminders
      </Heading>
      <dl className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">Recovered carts</dt>
          <dd className="text-2xl font-semibold" data-testid="recovered-carts">
            {count(figures.recoveredCarts)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Revenue from reminders</dt>
          <dd className="text-2xl font-semibold" data-testid="recovered-revenue">
            {formatCents(figures.revenueCents)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Reminders sent</dt>
          <dd className="text-2xl font-semibold">{count(figures.remindersSent)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-muted">
        Paid orders placed after a reminder&apos;s restore link, from {range.from} to {range.to} (UTC days).
      </p>
    </section>
  );
}
