import type { ReturnStatus } from "#db/schema/returns";
import { CheckCircle2, XCircle } from "~/components/ui/icons";

/** What the tracker needs of a return. */
export interface ReturnProgressInput {
  status: ReturnStatus;
  refundStatus: string;
  hasRefund: boolean;
  hasExchange: boolean;
  exchangeShipped: boolean;
  refusalReason: string | null;
}

export interface ReturnStep {
  label: string;
  state: "done" | "current" | "todo" | "stopped";
}

const REACHED: Record<ReturnStatus, number> = {
  requested: 1,
  approved: 2,
  received: 3,
  closed: 3,
  refused: 1,
  cancelled: 1,
};

/**
 * The steps of a return as the shopper follows them: Requested → Approved → Received → Refunded and/or
 * Exchange shipped; a refused or cancelled return stops after 'Requested' with that word.
 */
export function returnSteps(ret: ReturnProgressInput): ReturnStep[] {
  if (ret.status === "refused" || ret.status === "cancelled") {
    return [
      { label: "Requested", state: "done" },
      { label: ret.status === "refused" ? "Refused" : "Cancelled", state: "stopped" },
    ];
  }
  const reached = REACHED[ret.status];
  const steps: Array<{ label: string; done: boolean }> = [
    { label: "Requested", done: true },
    { label: "Approved", done: reached >= 2 },
    { label: "Received", done: reached >= 3 },
  ];
  if (ret.hasRefund) steps.push({ label: "Refunded", done: ret.refundStatus === "refunded" });
  if (ret.hasExchange) steps.push({ label: "Exchange shipped", done: ret.exchangeShipped });
  const current = steps.findIndex((step) => !step.done);
  return steps.map((step, index) => ({
    label: step.label,
    state: step.done ? "done" : index === current ? "current" : "todo",
  }));
}

const STATE_WORDS: Record<ReturnStep["state"], string> = {
  done: "done",
  current: "next",
  todo: "to come",
  stopped: "",
};

/** The step tracker: an ordered list, the next step marked aria-current="step". */
export function ReturnProgress({ ret }: { ret: ReturnProgressInput }) {
  const steps = returnSteps(ret);
  return (
    <div>
      <ol aria-label="Return progress" className="flex flex-wrap items-center gap-x-2 gap-y-3 text-sm">
        {steps.map((step, index) => (
          <li
            key={step.label}
            aria-current={step.state === "current" ? "step" : undefined}
            className="flex items-center gap-2"
          >
            {index > 0 && <span aria-hidden className="h-px w-6 bg-line sm:w-10" />}
            {step.state === "done" ? (
              <CheckCircle2 className="size-5 text-green-600" aria-hidden />
            ) : step.state === "stopped" ? (
              <XCircle className="size-5 text-red-600" aria-hidden />
            ) : (
              <span
                aria-hidden
                className={`inline-block size-5 rounded-full border-2 ${step.state === "current" ? "border-ink" : "border-line"}`}
              />
            )}
            <span className={step.state === "todo" ? "text-muted" : "font-medium"}>
              {step.label}
              {STATE_WORDS[step.state] && <span className="sr-only"> ({STATE_WORDS[step.state]})</span>}
            </span>
          </li>
        ))}
      </ol>
      {ret.status === "refused" && ret.refusalReason && (
        <p className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <span className="font-semibold">Why it was refused:</span> {ret.refusalReason}
        </p>
      )}
      {ret.status === "cancelled" && <p className="mt-4 text-sm text-muted">This return was cancelled.</p>}
    </div>
  );
}
