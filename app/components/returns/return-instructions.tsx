import { useSyncExternalStore } from "react";
import { secondaryButton } from "~/components/ui/field";

const noSubscription = () => () => {};

export interface InstructionLine {
  productName: string;
  size: string;
  color: string;
  quantity: number;
}

/**
 * The printable return instructions (issue 30): the RMA number to put in the parcel, what to pack and
 * the shop's return address (Settings → Store). On paper only this section is printed: the page around it
 * and the site's header and footer carry `print:hidden` variants (the latter through `:has()`, below).
 */
export function ReturnInstructions({
  rmaNumber,
  shopName,
  returnAddress,
  lines,
  exchange,
}: {
  rmaNumber: string;
  shopName: string;
  returnAddress: string;
  lines: InstructionLine[];
  /** Whether some line is exchanged (the replacement is sent once the parcel arrives). */
  exchange: boolean;
}) {
  // 'Print instructions' needs the browser's print(): without JavaScript the browser's own Print menu does it.
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <section
      aria-labelledby="instructions-title"
      className="mt-6 rounded-2xl border border-line bg-white p-6 print:mt-0 print:border-0 print:p-0 print:text-black print:[:root:has(&)_body>header]:hidden print:[:root:has(&)_body>footer]:hidden"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="instructions-title" className="text-lg font-semibold print:text-2xl">
          Return instructions
        </h2>
        {scripted && (
          <button type="button" onClick={() => window.print()} className={`${secondaryButton} print:hidden`}>
            Print instructions
          </button>
        )}
      </div>
      <p className="mt-3 text-sm">
        Return number: <strong className="font-mono text-base">{rmaNumber}</strong>
      </p>
      <ol className="mt-4 list-decimal space-y-3 pl-5 text-sm">
        <li>
          Pack these items, unworn and unwashed, with their tags if you still have them:
          <ul className="mt-1 list-disc pl-5">
            {lines.map((line, index) => (
              <li key={index}>
                {line.productName}
                {[line.size && `size ${line.size}`, line.color].filter(Boolean).length > 0 &&
                  ` (${[line.size && `size ${line.size}`, line.color].filter(Boolean).join(", ")})`}{" "}
                × {line.quantity}
              </li>
            ))}
          </ul>
        </li>
        <li>
          Put this page (or a note with the return number <strong>{rmaNumber}</strong>) inside the parcel, and write the
          number on the outside too.
        </li>
        <li>
          Send the parcel to:
          <address className="mt-2 whitespace-pre-line rounded-xl bg-stone-50 p-4 font-medium not-italic print:bg-white print:p-0">
            {returnAddress || shopName}
          </address>
        </li>
        <li>Keep the proof of postage until your return is completed.</li>
      </ol>
      <p className="mt-4 text-sm text-muted">
        {exchange
          ? "Your exchange is set aside for you: we send it as soon as your parcel arrives. Refunds go back to the way you paid."
          : "We refund you as soon as your parcel arrives, to the way you paid."}
      </p>
    </section>
  );
}
