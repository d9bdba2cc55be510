import { Loader2 } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { toast } from "sonner";
import { EditorTabs, type EditorTab } from "~/components/admin/products/editor-tabs";
import { sendProductCommand, useProductEditorLoad } from "~/components/admin/products/use-product-editor";
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
  editorProductErrors,
  lastUpdatedLine,
  newEditorProductValues,
} from "~/modules/product-admin/console-product-rules";
import type {
  EditorGroup,
  EditorLoad,
  GroupCommandAnswer,
  ProductVersion,
  SaveAnswer,
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
 * dialog (focus kept inside, Escape closes). It is the /admin side panel's second face: it loads and
 * writes through the same client and endpoint (`use-product-editor.ts`), checks the form with the same
 * rules before it is sent, and the one handler checks them again.
 */
export function ConsoleProductModal({
  target,
  onClose,
}: {
  /** `?edit=`: "new", a product id, "" (not an id), or null when closed. */
  target: string | null;
  onClose: () => void;
}) {
  const revalidator = useRevalidator();
  const [, setParams] = useSearchParams();
  const editor = useProductEditorLoad(target);
  const loaded = editor.answer?.ok ? editor.answer : null;
  const [saving, setSaving] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
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

  /** Duplicate: the copy opens in the modal (its address in the URL). */
  async function duplicate() {
    if (!draft || draft.target === "new" || duplicating) return;
    setDuplicating(true);
    const answer = await sendProductCommand<Extract<SaveAnswer, { ok: true }>>({
      intent: "duplicate",
      productId: draft.target,
    });
    setDuplicating(false);
    if (!answer.ok) return void toast.error(answer.message);
    toast.success(answer.message);
    void revalidator.revalidate();
    const copyId = answer.product.id;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("edit", copyId);
        return next;
      },
      { preventScrollReset: true },
    );
  }

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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft || saving || !canSave(draft.values)) return;
    setFormError(null);
    const checked = kit.validate();
    if (!checked.ok) {
      showTabOf(checked.errors);
      return;
    }
    setSaving(true);
    const answer = await sendProductCommand<Extract<SaveAnswer, { ok: true }>>({
      intent: "save",
      target: draft.target,
      values: draft.values,
      version: draft.version,
    });
    setSaving(false);
    if (answer.ok) {
      // The modal's words (spec §8: the modal adds '!').
      toast.success(answer.created ? M.created : M.updated);
      void revalidator.revalidate();
      onClose();
      return;
    }
    toast.error(M.saveFailed, { description: answer.message === M.saveFailed ? undefined : answer.message });
    setFormError(answer.message);
    if (answer.current) {
      // Someone else saved meanwhile: the form goes on from the product as it is now.
      setDraft({
        ...draft,
        values: withVariantRows(answer.current.values),
        version: answer.current.version,
        updatedAt: answer.current.updatedAt,
      });
      kit.reset();
      return;
    }
    if (hasErrors(answer.errors)) {
      showTabOf(answer.errors);
      kit.showErrors(answer.errors);
    }
  }

  const isNew = target === "new";
  const title = isNew ? "Create New Product" : "Edit Product";
  const missing = target === "" || (editor.answer !== null && !editor.answer.ok);
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
              onClick={() => void duplicate()}
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
        <FormMessage kind="error">
          {editor.answer && !editor.answer.ok ? editor.answer.message : "Product not found"}
        </FormMessage>
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
