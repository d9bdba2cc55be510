import { useId } from "react";

/** A back-office page's figures: a visually hidden "Statistics" heading and one card per figure. */
export function StatCards({
  cards,
  gridClassName,
}: {
  cards: ReadonlyArray<{ label: string; value: string }>;
  /** The grid's columns per screen width (Tailwind classes). */
  gridClassName: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="sr-only">
        Statistics
      </h2>
      <dl className={`grid gap-3 ${gridClassName}`}>
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl border border-line bg-white px-4 py-3">
            <dt className="text-xs font-medium uppercase tracking-wider text-muted">{card.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{card.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
