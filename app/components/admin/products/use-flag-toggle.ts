import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import {
  flagFailedMessage,
  flagUpdatedMessage,
  type FlagWrite,
  type FlagWriteResult,
  type ToggleFlag,
} from "~/modules/product-admin/product-flags";
import { postAdminWrite } from "./admin-write";

export const FLAGS_ACTION = "/admin/products/flags";

/**
 * A per-row flag toggle (active, featured) with an optimistic state: the new state shows at once and
 * stays while the request and the reload after it run. If the write fails (a refusal, the network),
 * the row shows the state the server has again and a toast says so (spec §8 'Failed to update
 * product {flag}'); on success 'Product {flag} updated'. Requests carry the state asked for, so a
 * quick second click sends the reverse and only the last answer decides what is shown.
 */
export function useFlagToggle(productId: string, flag: ToggleFlag, saved: boolean) {
  const [pending, setPending] = useState<boolean | null>(null);
  const latest = useRef(0);
  const revalidator = useRevalidator();
  const shown = pending ?? saved;

  const toggle = async () => {
    const value = !shown;
    const request = ++latest.current;
    setPending(value);
    const write: FlagWrite = { intent: "toggle", id: productId, flag, value };
    const result = await postAdminWrite<FlagWriteResult>(FLAGS_ACTION, write);
    if (result.ok) {
      toast.success(flagUpdatedMessage(flag));
      await revalidator.revalidate();
    } else {
      toast.error(flagFailedMessage(flag), { description: result.message });
    }
    if (request === latest.current) setPending(null);
  };
  return { on: shown, pending: pending !== null, toggle: () => void toggle() };
}
