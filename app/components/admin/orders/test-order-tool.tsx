import { FlaskConical } from "lucide-react";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { secondaryButton } from "~/components/ui/field";
import {
  TEST_ORDER_MESSAGES,
  TEST_ORDER_TIMEOUT_MS,
  type TestOrderAnswer,
  type TestOrderIntent,
} from "~/modules/orders/test-order-tool";

/**
 * The test-order tool (spec §2, §9; only where demo payments are on): create a pending test order, then
 * mark the newest pending one paid and processing. One operation at a time: while one runs the buttons
 * say so, and a second click is answered 'Please wait for current operation to complete'. An answer
 * that takes longer than 15 s is given up with 'Order creation timed out. Please try again.'.
 */
export function TestOrderTool({ endpoint = "/admin/test-orders" }: { endpoint?: string }) {
  const [running, setRunning] = useState<TestOrderIntent | null>(null);
  const busy = useRef(false);
  const revalidator = useRevalidator();

  async function run(intent: TestOrderIntent) {
    if (busy.current) {
      toast.warning(TEST_ORDER_MESSAGES.busy);
      return;
    }
    busy.current = true;
    setRunning(intent);
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ intent }),
        credentials: "same-origin",
        signal: AbortSignal.timeout(TEST_ORDER_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => null)) as TestOrderAnswer | null;
      if (answer?.ok) {
        toast.success(answer.message);
        await revalidator.revalidate();
      } else {
        toast.error(answer?.message ?? `Request failed (${response.status})`);
      }
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
      toast.error(timedOut ? TEST_ORDER_MESSAGES.timedOut : "Network error. Please check your connection.");
    } finally {
      busy.current = false;
      setRunning(null);
    }
  }

  const button = (intent: TestOrderIntent, label: string) => (
    <button
      type="button"
      className={`${secondaryButton} ${running ? "cursor-wait opacity-60" : ""}`}
      // aria-disabled, not disabled: a click while busy is still heard and answered.
      aria-disabled={running !== null}
      aria-busy={running === intent}
      onClick={() => void run(intent)}
    >
      {label}
    </button>
  );

  return (
    <section aria-labelledby="test-orders-heading" className="mt-8 rounded-2xl border border-amber-200 bg-amber-50 p-5">
      <h2 id="test-orders-heading" className="flex items-center gap-2 font-semibold">
        <FlaskConical className="size-5" aria-hidden />
        Test orders
      </h2>
      <p className="mt-1 text-sm text-muted">
        Demo payments are on: make a $29.99 test order and walk it through fulfilment. Test orders take no stock and are
        not counted in revenue.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {button("create", running === "create" ? "Creating..." : "Create test order")}
        {button("markPaid", running === "markPaid" ? "Updating..." : "Mark latest pending order paid and processing")}
      </div>
    </section>
  );
}
