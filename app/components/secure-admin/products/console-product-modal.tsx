import { Loader2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { EditorTabs, type EditorTab } from "~/components/admin/products/editor-tabs";
import { useConsoleCommand, useProductEditorLoad } from "~/components/admin/products/use-product-editor";
import {
  productFieldSetters,
  tabHasErrors,
  tabWithErrors,
  withVariantRows,
} from "~/components/admin/products/product-draft";
import { FormMessage, primaryButton, secondaryButton } from "~/components/ui/field";
import { SidePanel } from "~/components/ui/side-panel";
import { useZodForm } from "~/components/ui/use-zod-form";
import { hasErrors, type FieldErrors } from "~/lib/forms";
import {
  canSave,
  CONSOLE_PRODUCT_MESSAGES as M,
  CONSOLE_PRODUCTS_PATH,
  editorProductErrors,
  lastUpdatedLine,
  newEditorProductValues,
} from "~/modules/product-admin/console-product-rules";
import {
  CONSOLE_EDITOR_ROUTE,
  type EditorGroup,
  type EditorLoad,
  type GroupCommandAnswer,
  type ProductCommandAnswer,
  type ProductVersion,
} from "~/modules/product-admin/editor-api";
import { PRODUCT_FIELDS, VARIANT_TYPES, type ProductFormValues } from "~/modules/product-admin/product-form";
import { ConsoleProductFields, CONSOLE_TAB_OF, CONSOLE_TABS, type ConsoleTab } from "./console-product-fields";

const FORM_ID = "console-product-form";

interface Draft {
  /** "new" or the product's id. */
  target: string;
  values: ProductFormValues;
  version: ProductVersion | null;
  updatedAt: string | null;
}

type Loaded = Extract<EditorLoad, { ok: true }>;

function draftOf(editor: Loaded): Draft {
  const product = editor.product;
  return {
    target: editor.target,
    values: withVariantRows(product ? product.values : newEditorProductValues()),
    version: product?.version ?? null,
    updatedAt: product?.updatedAt ?? null,
  };
}

/**
 * The console's product modal (spec §2 "Product modal"): 'Create New Product' or 'Edit Product', the
 * tabs Basic Info, Images, Variants & Groups, Pricing & Inventory, SEO & Tags, the footer with 'Last
 * updated: date' or 'New product', Cancel and Create Product / Update Product ('Saving...'). A modal
 * dialog (focus kept inside, Escape closes). It is the /admin side panel's second face: its data is loaded
 * by the same hook from the console's twin of /admin/products/editor (the same reader), it checks the form with the same rules before it is
 * sent, and it sends the same JSON commands, which the same handler checks again.
 */
export function ConsoleProductModal({
  target,
  onClose,
}: {
  /** `?edit=`: "new", a product id, "" (not an id), or null when closed. */
  target: string | null;
  onClose: () => void;
}) {
  const [, setParams] = useSearchParams();
  /** The editor's data for `target` (null while it is on its way). */
  const editor: EditorLoad | null = useProductEditorLoad(target || null, CONSOLE_EDITOR_ROUTE).answer;
  // While the load is asked again (the page revalidates after every command) the form stays: the
  // product's last load is kept until another product is opened.
  const fresh = editor?.ok && editor.target === target ? editor : null;
  const [kept, setKept] = useState<Loaded | null>(null);
  if (fresh && fresh !== kept) setKept(fresh);
  const loaded = fresh ?? (kept?.target === target ? kept : null);
  const saver = useConsoleCommand(CONSOLE_PRODUCTS_PATH);
  const duplicator = useConsoleCommand(CONSOLE_PRODUCTS_PATH, "console-duplicate");
  const saving = saver.busy;
  const duplicating = duplicator.busy;
  const [draft, setDraft] = useState<Draft | null>(null);
  /** The product's group as the last group write left it (the load's until then). */
  const [group, setGroup] = useState<{ target: string; group: EditorGroup } | null>(null);
  const [seen, setSeen] = useState<string | null>(target);
  const [tab, setTab] = useState<ConsoleTab>("basic");
  const [formError, setFormError] = useState<string | null>(null);

  // Another product (or none): start from its loaded values.
  if (target !== seen) {
    setSeen(target);
    setDraft(null);
    setGroup(null);
    setTab("basic");
    setFormError(null);
  } else if (target && loaded && (draft === null || draft.target !== target)) {
    setDraft(draftOf(loaded));
  }
  const shownGroup = group && group.target === target ? group.group : (loaded?.group ?? null);

  const kit = useZodForm({
    validate: () => (draft ? editorProductErrors(draft.values) : {}),
    fields: PRODUCT_FIELDS,
  });
  const resetErrors = kit.reset;
  useEffect(() => {
    resetErrors();
  }, [target, resetErrors]);

  /** Opens the tab of the first field with a message (unless the open tab has one). */
  function showTabOf(errors: FieldErrors) {
    setTab(tabWithErrors(errors, CONSOLE_TAB_OF, tab));
  }

  // A save answered, once: a toast in the modal's words (spec §8: the modal adds '!'), then close; or
  // its message above the form, the tab of its first field, and the product as it is now after a stale save.
  const answer = saver.fetcher.data;
  const [seenAnswer, setSeenAnswer] = useState(answer);
  if (answer !== seenAnswer) {
    setSeenAnswer(answer);
    if (answer && !answer.ok && draft) {
      setFormError(answer.message);
      if (answer.current) {
        setDraft({
          ...draft,
          values: withVariantRows(answer.current.values),
          version: answer.current.version,
          updatedAt: answer.current.updatedAt,
        });
      } else if (hasErrors(answer.errors)) {
        showTabOf(answer.errors);
      }
    }
  }
  const announced = useRef<ProductCommandAnswer | null>(null);
  const showErrors = kit.showErrors;
  useEffect(() => {
    if (!answer || announced.current === answer) return;
    announced.current = answer;
    if (answer.ok && answer.intent === "save") {
      toast.success(answer.created ? M.created : M.updated);
      onClose();
    } else if (!answer.ok) {
      toast.error(M.saveFailed, { description: answer.message === M.saveFailed ? undefined : answer.message });
      if (!answer.current && hasErrors(answer.errors)) showErrors(answer.errors);
    }
  }, [answer, onClose, showErrors]);

  // Duplicate: the copy opens in the modal (its address in the URL).
  const handledCopy = useRef<ProductCommandAnswer | null>(null);
  useEffect(() => {
    const copy = duplicator.fetcher.data;
    if (!copy || handledCopy.current === copy) return;
    handledCopy.current = copy;
    if (!copy.ok) return void toast.error(copy.message);
    if (copy.intent !== "duplicate") return;
    toast.success(copy.message);
    const copyId = copy.product.id;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("edit", copyId);
        return next;
      },
      { preventScrollReset: true },
    );
  }, [duplicator.fetcher.data, setParams]);

  const fieldProps = productFieldSetters(setDraft);

  /** A group write answered: the group as it is now, the product's new version, and its variant type unless one is chosen here. */
  const onGroupChanged = useCallback((answer: Extract<GroupCommandAnswer, { ok: true }>) => {
    const { product, intent } = answer;
    setGroup({ target: product.id, group: answer.group });
    setDraft((current) => {
      if (!current || current.target !== product.id) return current;
      const chosen = (VARIANT_TYPES as readonly string[]).includes(current.values.variantType);
      const variantType =
        intent === "group-leave" ? "" : chosen ? current.values.variantType : product.values.variantType;
      return {
        ...current,
        version: product.version,
        updatedAt: product.updatedAt,
        values: { ...current.values, variantType },
      };
    });
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft || saving || !canSave(draft.values)) return;
    setFormError(null);
    const checked = kit.validate();
    if (!checked.ok) {
      showTabOf(checked.errors);
      return;
    }
    saver.send({ intent: "save", target: draft.target, values: draft.values, version: draft.version });
  }

  const isNew = target === "new";
  const title = isNew ? "Create New Product" : "Edit Product";
  const missing = target === "" || (editor !== null && !editor.ok && editor.target === target);
  const tabs: EditorTab<ConsoleTab>[] = CONSOLE_TABS.map(({ key, label }) => ({
    key,
    label,
    invalid: tabHasErrors(kit.errors, CONSOLE_TAB_OF, key),
  }));

  return (
    <SidePanel
      open={target !== null}
      title={title}
      width="max-w-3xl"
      onRequestClose={() => {
        if (!saving) onClose();
      }}
      footer={
        <>
          <p className="mr-auto self-center text-xs text-muted">{draft ? lastUpdatedLine(draft.updatedAt) : ""}</p>
          {!isNew && draft && (
            <button
              type="button"
              disabled={saving || duplicating}
              className={secondaryButton}
              title="A new inactive copy of the product as saved, with its own slug and SKUs and no stock"
              onClick={() => draft && duplicator.send({ intent: "duplicate", productId: draft.target })}
            >
              {duplicating ? "Duplicating..." : "Duplicate"}
            </button>
          )}
          <button type="button" onClick={onClose} disabled={saving} className={secondaryButton}>
            Cancel
          </button>
          <button
            type="submit"
            form={FORM_ID}
            disabled={!draft || saving || !canSave(draft.values)}
            className={primaryButton}
          >
            {saving && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {saving ? "Saving..." : isNew ? "Create Product" : "Update Product"}
          </button>
        </>
      }
    >
      {missing ? (
        <FormMessage kind="error">{editor && !editor.ok ? editor.message : "Product not found"}</FormMessage>
      ) : !draft || !loaded || !shownGroup ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Loading product...
        </p>
      ) : (
        <form id={FORM_ID} {...kit.form} onSubmit={submit} aria-label={title}>
          {formError && (
            <div className="mb-5">
              <FormMessage kind="error">{formError}</FormMessage>
            </div>
          )}
          <EditorTabs tabs={tabs} selected={tab} onSelect={setTab} label="Product details" />
          <ConsoleProductFields
            values={draft.values}
            errors={kit.errors}
            categories={loaded.categories}
            sizeCharts={loaded.sizeCharts}
            tab={tab}
            productId={isNew ? null : draft.target}
            group={shownGroup}
            onGroupChanged={onGroupChanged}
            {...fieldProps}
          />
        </form>
      )}
    </SidePanel>
  );
}
