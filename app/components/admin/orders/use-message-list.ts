import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { useAnnounceOnce } from "~/components/ui/use-announce-once";
import type { OrderMoveAnswer } from "./order-move-answer";

/**
 * What a list of notifications needs, on an order's page and in the console's WhatsApp section: each
 * answer of a send or resend as a toast (field errors show at their fields instead), and the page's data
 * reloaded every 3 s while a message waits to be sent (and the page is visible). Answers the revalidator,
 * for the list's Refresh button.
 */
export function useMessageList(result: OrderMoveAnswer | undefined, waiting: boolean) {
  const revalidator = useRevalidator();

  useAnnounceOnce(result, (answer) => {
    if (answer.ok) toast.success(answer.message);
    else if (!Object.values(answer.errors).some(Boolean)) toast.error(answer.message);
  });

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, 3_000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  return revalidator;
}
