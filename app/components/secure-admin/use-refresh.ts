import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";

/**
 * A console section's Refresh button: reloads the page's data and, once the reloaded data is in, says what
 * it found (`loaded`, from the fresh loader data); a failed reload says why (`failed`).
 */
export function useRefresh({ loaded, failed }: { loaded: string; failed: (reason: string) => string }) {
  const revalidator = useRevalidator();
  const refreshing = useRef(false);
  useEffect(() => {
    if (revalidator.state !== "idle" || !refreshing.current) return;
    refreshing.current = false;
    toast.success(loaded);
  }, [revalidator.state, loaded]);

  async function refresh() {
    refreshing.current = true;
    try {
      await revalidator.revalidate();
    } catch (error) {
      refreshing.current = false;
      toast.error(failed(error instanceof Error ? error.message : String(error)));
    }
  }
  return { refresh, busy: revalidator.state !== "idle" };
}
