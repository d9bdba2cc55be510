import { startTransition, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";

/**
 * A console section's Refresh button: reloads the page's data and, once the reloaded data is in, says what
 * it found (`loaded`, from the fresh loader data); a failed reload says why (`failed`).
 * The toast follows the reload's own completion, not the revalidator's state: React Router applies its
 * state in a transition, so a quick reload can go from idle to idle without a render ever seeing "loading".
 * The completion is counted in a transition too, so the render that shows the toast has the fresh data.
 */
export function useRefresh({ loaded, failed }: { loaded: string; failed: (reason: string) => string }) {
  const revalidator = useRevalidator();
  const [completed, setCompleted] = useState(0);
  const announced = useRef(0);
  useEffect(() => {
    if (completed === announced.current) return;
    announced.current = completed;
    toast.success(loaded);
  }, [completed, loaded]);

  async function refresh() {
    try {
      await revalidator.revalidate();
      startTransition(() => setCompleted((n) => n + 1));
    } catch (error) {
      toast.error(failed(error instanceof Error ? error.message : String(error)));
    }
  }
  return { refresh, busy: revalidator.state !== "idle" };
}
