import { useEffect } from "react";
import { useFetcher } from "react-router";
import {
  EDITOR_ROUTE,
  editorUrl,
  type EditorLoad,
  type ProductCommand,
  type ProductCommandAnswer,
  type ProductCommandFailure,
} from "~/modules/product-admin/editor-api";
import { postAdminWrite, type WriteFailure } from "./admin-write";

/**
 * The product editor's client. Both faces send the same JSON commands (`ProductCommand`) to the same
 * handler: /admin here, to /admin/products/editor; the console with `useConsoleCommand`, to its own page
 * (its pass cookie is scoped to /secure-admin), which hands them to that handler too.
 */

/**
 * Loads the editor's data for `target` ("new" or a product id; null or "" loads nothing) from a face's
 * editor route: `/admin/products/editor` (EDITOR_ROUTE, the default) or the console's
 * `/secure-admin/products/editor` (CONSOLE_EDITOR_ROUTE); both read it with `loadProductEditor`.
 * Answers the load for this target once it has arrived (null while it is on its way), and `reload` to
 * ask again.
 */
export function useProductEditorLoad(target: string | null, route: string = EDITOR_ROUTE) {
  const fetcher = useFetcher<EditorLoad>();
  const load = fetcher.load;
  useEffect(() => {
    if (target) void load(editorUrl(target, route));
  }, [target, route, load]);
  // A revalidation of the page (after a save or a duplicate) reloads the fetcher's previous address and
  // may land after this target's load: whenever it rests on another product's data, ask again.
  const stale = fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data.target !== target;
  useEffect(() => {
    if (stale && target) void load(editorUrl(target, route));
  }, [stale, target, route, load]);
  const answer = fetcher.state === "idle" && fetcher.data && fetcher.data.target === target ? fetcher.data : null;
  return {
    answer,
    loading: fetcher.state !== "idle",
    reload: () => target && void load(editorUrl(target, route)),
  };
}

/** A failure as every command answers it (the writer's own failures carry no field messages). */
const failure = (answer: ProductCommandFailure | WriteFailure): ProductCommandFailure => ({
  intent: null,
  errors: {},
  ...answer,
});

/**
 * Sends a product command (a save, a duplicate, a group write, a flag toggle, a bulk action) as JSON
 * and answers what the server answered; a failure without one (the network, an ended session) comes
 * back as `{ ok: false, message }` too. Sent once: a create sent again could make the product twice.
 */
export async function sendProductCommand<A extends ProductCommandAnswer = ProductCommandAnswer>(
  command: ProductCommand,
): Promise<A | ProductCommandFailure> {
  const answer = await postAdminWrite<A | ProductCommandFailure>(EDITOR_ROUTE, command);
  return answer.ok ? answer : failure(answer);
}

/**
 * A product command sent as JSON by a fetcher to `action` (the console's page: its pass cookie does not
 * reach /admin/products/*). The answer arrives on `fetcher.data`; `handled` lets a caller take each once.
 */
export function useConsoleCommand(action: string, key?: string) {
  const fetcher = useFetcher<ProductCommandAnswer>(key ? { key } : undefined);
  const submit = fetcher.submit;
  return {
    fetcher,
    busy: fetcher.state !== "idle",
    send: (command: ProductCommand) =>
      void submit(command as never, { method: "post", encType: "application/json", action }),
  };
}
