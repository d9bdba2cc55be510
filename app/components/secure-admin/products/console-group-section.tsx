import { Layers, Link2, Unlink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { useConsoleCommand } from "~/components/admin/products/use-product-editor";
import { inputClass, secondaryButton } from "~/components/ui/field";
import { formatCents } from "~/lib/money";
import {
  CONSOLE_PRODUCT_MESSAGES as M,
  CONSOLE_PRODUCTS_PATH,
  groupCreateError,
} from "~/modules/product-admin/console-product-rules";
import type {
  EditorCommand,
  EditorGroup,
  GroupCommandAnswer,
  ProductCommandAnswer,
} from "~/modules/product-admin/editor-api";
import { variantTypeText } from "~/modules/product-admin/product-form";

/**
 * The modal's product group (spec §2 Variants & Groups, §4, §5): create a group for this product,
 * join an existing group, leave the group, and the group's other products (related variants). Each is
 * written at once by the same command /admin's editor endpoint takes (sent to the console's page, which
 * hands it to the same handler); the modal takes the group and the product's new version from the
 * answer, so its Save goes on from there.
 */
export function ConsoleGroupSection({
  productId,
  productName,
  variantType,
  group,
  onChanged,
}: {
  /** Null for a product not saved yet. */
  productId: string | null;
  /** The name as typed in the modal. */
  productName: string;
  variantType: string;
  group: EditorGroup;
  onChanged: (answer: Extract<GroupCommandAnswer, { ok: true }>) => void;
}) {
  const [joinId, setJoinId] = useState("");
  const { fetcher, busy, send: sendCommand } = useConsoleCommand(CONSOLE_PRODUCTS_PATH);
  // After a write the choice starts again (set while rendering, on a new answer).
  const [seenAnswer, setSeenAnswer] = useState(fetcher.data);
  if (fetcher.data !== seenAnswer) {
    setSeenAnswer(fetcher.data);
    if (fetcher.data?.ok) setJoinId("");
  }
  const handled = useRef<ProductCommandAnswer | null>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) return void toast.error(answer.message);
    if (!answer.intent.startsWith("group-")) return;
    toast.success(answer.message);
    onChanged(answer as Extract<GroupCommandAnswer, { ok: true }>);
  }, [fetcher.data, onChanged]);

  if (!productId) {
    return (
      <section aria-labelledby="console-group-heading" className="rounded-xl border border-line p-4">
        <h3 id="console-group-heading" className="font-medium">
          Product group
        </h3>
        <p className="mt-1 text-sm text-muted">{M.saveProductFirst}</p>
      </section>
    );
  }

  const id = productId;
  const send = (command: Extract<EditorCommand, { intent: `group-${string}` }>) => sendCommand(command);

  function create() {
    const problem = groupCreateError(productName);
    if (problem) {
      toast.error(problem);
      return;
    }
    send({ intent: "group-create", productId: id, name: productName });
  }

  return (
    <section aria-labelledby="console-group-heading" className="space-y-4 rounded-xl border border-line p-4">
      <h3 id="console-group-heading" className="font-medium">
        Product group
      </h3>
      {group.groupId ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">
              In group <span className="font-medium">{group.groupName ?? "without a name"}</span>
            </p>
            <button
              type="button"
              className={`${secondaryButton} h-9`}
              disabled={busy}
              onClick={() => send({ intent: "group-leave", productId: id })}
            >
              <Unlink className="size-4" aria-hidden />
              Leave group
            </button>
          </div>
          <div>
            <h4 className="text-sm font-medium">Related variants</h4>
            {group.related.length === 0 ? (
              <p className="mt-1 text-sm text-muted">No other products in this group yet.</p>
            ) : (
              <ul aria-label="Related variants" className="mt-2 divide-y divide-line rounded-xl border border-line">
                {group.related.map((variant) => (
                  <li key={variant.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                    <img src={variant.image} alt="" className="h-10 w-8 shrink-0 rounded bg-stone-100 object-cover" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium">{variant.name}</p>
                      <p className="text-xs text-muted">
                        {variant.sku}
                        {variant.variantType ? ` · ${variantTypeText(variant.variantType)}` : ""}
                        {variant.isActive ? "" : " · Inactive"}
                      </p>
                    </div>
                    <span className="tabular-nums">{formatCents(variant.priceCents)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">Not in a group. Start one, then add variants to it.</p>
            <button type="button" className={`${secondaryButton} h-9`} disabled={busy} onClick={create}>
              <Layers className="size-4" aria-hidden />
              Create group
            </button>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-56 flex-1">
              <label htmlFor="console-join-group" className="mb-1.5 block text-sm font-medium">
                Join existing group
              </label>
              <select
                id="console-join-group"
                value={joinId}
                onChange={(event) => setJoinId(event.target.value)}
                className={`${inputClass(false)} pr-10`}
              >
                <option value="">{group.options.length === 0 ? "No groups yet" : "Choose a group"}</option>
                {group.options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name} ({option.members})
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className={`${secondaryButton} h-11`}
              disabled={busy || joinId === ""}
              onClick={() => send({ intent: "group-join", productId: id, groupId: joinId, variantType })}
            >
              <Link2 className="size-4" aria-hidden />
              Join group
            </button>
          </div>
        </>
      )}
    </section>
  );
}
