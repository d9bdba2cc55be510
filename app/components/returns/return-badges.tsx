import type { ReturnStatus } from "#db/schema/returns";
import { SiteLink } from "~/components/ui/site-link";
import { formatCents } from "~/lib/money";
import { RETURN_STATUS_BADGE, RETURN_STATUS_LABELS } from "~/modules/returns/return-moves";

/** A return's status as a badge ('Requested', 'Completed', …), the colours of the owner's list. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${RETURN_STATUS_BADGE[status] ?? "bg-stone-100"}`}
    >
      {RETURN_STATUS_LABELS[status] ?? status}
    </span>
  );
}

/** What an order's returns list shows of each (services().returns.ofOrders). */
export interface OrderReturnSummary {
  rmaNumber: string;
  status: ReturnStatus;
  units: number;
  refundStatus: string;
  refundCents: number | null;
  exchangeOrderNumber: string | null;
}

/**
 * An order's returns (its card in My Orders, its page): each RMA number links to the return's page,
 * with its status, units, the refund once made and the exchange order once shipped.
 */
export function OrderReturnsList({ returns, orderNumber }: { returns: OrderReturnSummary[]; orderNumber: string }) {
  if (returns.length === 0) return null;
  return (
    <ul className="space-y-2 text-sm" aria-label={`Returns of ${orderNumber}`}>
      {returns.map((ret) => (
        <li key={ret.rmaNumber} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <SiteLink
            to={`/returns/${ret.rmaNumber}`}
            className="font-medium text-brand underline underline-offset-2 hover:text-brand-dark"
          >
            {ret.rmaNumber}
          </SiteLink>
          <ReturnStatusBadge status={ret.status} />
          <span className="text-muted">{ret.units === 1 ? "1 item" : `${ret.units} items`}</span>
          {ret.refundStatus === "refunded" && ret.refundCents !== null && (
            <span>Refunded {formatCents(ret.refundCents)}</span>
          )}
          {ret.exchangeOrderNumber && (
            <span>
              Exchange order{" "}
              <SiteLink
                to={`/order-confirmation/${ret.exchangeOrderNumber}`}
                className="font-medium underline underline-offset-2"
              >
                {ret.exchangeOrderNumber}
              </SiteLink>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** 'Refunded $12.34 of $80.00' for a partly refunded order; null when nothing or everything was refunded. */
export function partialRefundText(refundedCents: number, totalCents: number): string | null {
  if (refundedCents <= 0 || refundedCents >= totalCents) return null;
  return `Refunded ${formatCents(refundedCents)} of ${formatCents(totalCents)}`;
}
