import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useAnnounceOnce } from "~/components/ui/use-announce-once";
import type { DiscountAnswer, DiscountIntent } from "~/modules/promotions/discount-admin-api";

/**
 * One of the editor's small writes (enable, add a code…): a keyed fetcher posting to the editor's route,
 * its answer said once in a toast, and the field messages of its last refusal.
 */
export function useDiscountWrite(
  key: string,
  intents: readonly DiscountIntent[],
  onDone?: (answer: DiscountAnswer) => void,
) {
  const fetcher = useFetcher<DiscountAnswer>({ key });
  const answer =
    fetcher.data && fetcher.data.intent && intents.includes(fetcher.data.intent) ? fetcher.data : undefined;
  useAnnounceOnce(answer, (a) => {
    if (a.ok) toast.success(a.message);
    else toast.error(a.message);
    onDone?.(a);
  });
  return {
    fetcher,
    answer,
    busy: fetcher.state !== "idle",
    errors: answer && !answer.ok ? answer.errors : {},
  };
}
