import type { ProductFieldSetters } from "~/components/admin/products/product-draft";
import {
  CategoryField,
  ChipsField,
  DescriptionField,
  FitFields,
  InventoryField,
  NameAndSlugFields,
  PriceFields,
  ProductTabPanel,
  SeoFields,
  SkuField,
  StatusFields,
  VariantsField,
  VariantTypeField,
} from "~/components/admin/products/product-field-groups";
import { ImageGalleryField } from "~/components/admin/products/image-gallery-field";
import type { FieldErrors } from "~/lib/forms";
import { CONSOLE_IMAGES_PATH } from "~/modules/product-admin/console-product-rules";
import type { EditorGroup, GroupCommandAnswer } from "~/modules/product-admin/editor-api";
import type { EditorCategory, SizeChartChoice } from "~/modules/product-admin/editor-api";
import type { ProductField, ProductFormValues } from "~/modules/product-admin/product-form";
import { ConsoleGroupSection } from "./console-group-section";

export type ConsoleTab = "basic" | "images" | "variants" | "pricing" | "seo";

/** The modal's tabs (spec §2), in order. */
export const CONSOLE_TABS: readonly { key: ConsoleTab; label: string }[] = [
  { key: "basic", label: "Basic Info" },
  { key: "images", label: "Images" },
  { key: "variants", label: "Variants & Groups" },
  { key: "pricing", label: "Pricing & Inventory" },
  { key: "seo", label: "SEO & Tags" },
];

/** The tab each field is on. */
export const CONSOLE_TAB_OF: Record<ProductField, ConsoleTab> = {
  name: "basic",
  slug: "basic",
  description: "basic",
  categoryId: "basic",
  sku: "basic",
  isActive: "basic",
  featured: "basic",
  isNew: "basic",
  isSale: "basic",
  images: "images",
  variantType: "variants",
  colors: "variants",
  sizes: "variants",
  price: "pricing",
  compareAtPrice: "pricing",
  inventory: "pricing",
  variants: "pricing",
  metaTitle: "seo",
  metaDescription: "seo",
  tags: "seo",
  sizeChartId: "variants",
  fitNote: "variants",
  modelHeightCm: "variants",
  modelSize: "variants",
  garmentMeasurements: "variants",
};

interface ConsoleFieldsProps extends ProductFieldSetters {
  values: ProductFormValues;
  errors: FieldErrors;
  categories: readonly EditorCategory[];
  sizeCharts: readonly SizeChartChoice[];
  tab: ConsoleTab;
  /** Null for a new product. */
  productId: string | null;
  group: EditorGroup;
  onGroupChanged: (answer: Extract<GroupCommandAnswer, { ok: true }>) => void;
}

/**
 * Every field of the modal, in its tabs (all rendered; the hidden ones keep their state): the product
 * editor's field groups (`product-field-groups.tsx`) laid out in the console's tabs, with its own
 * requirements (a category and an inventory, spec §5) and the group section.
 */
export function ConsoleProductFields(props: ConsoleFieldsProps) {
  const { values, errors, tab, set } = props;
  const group = { idPrefix: "console-product", values, errors, set };
  return (
    <>
      <ProductTabPanel tab="basic" selected={tab}>
        <NameAndSlugFields {...group} setName={props.setName} setSlug={props.setSlug} slugLabel="URL Slug" />
        <DescriptionField {...group} rows={4} />
        <div className="grid gap-5 sm:grid-cols-2">
          <CategoryField {...group} categories={props.categories} required emptyLabel="Select a category" />
          <SkuField {...group} hint="Left blank, it is generated: SKU- and the time of the save." />
        </div>
        <StatusFields {...group} />
      </ProductTabPanel>

      <ProductTabPanel tab="images" selected={tab}>
        <ImageGalleryField
          id="console-product-image-url"
          value={values.images}
          onChange={(images) => set("images", images)}
          error={errors.images}
          uploadUrl={CONSOLE_IMAGES_PATH}
        />
      </ProductTabPanel>

      <ProductTabPanel tab="variants" selected={tab}>
        <ConsoleGroupSection
          productId={props.productId}
          productName={values.name}
          variantType={values.variantType}
          group={props.group}
          onChanged={props.onGroupChanged}
        />
        <VariantTypeField {...group} />
        <ChipsField {...group} field="sizes" />
        <ChipsField {...group} field="colors" />
        <FitFields {...group} sizeCharts={props.sizeCharts} />
      </ProductTabPanel>

      <ProductTabPanel tab="pricing" selected={tab}>
        <PriceFields {...group} setPrice={props.setPrice} setCompareAt={props.setCompareAt} />
        <InventoryField {...group} />
        <VariantsField {...group} setVariants={props.setVariants} />
      </ProductTabPanel>

      <ProductTabPanel tab="seo" selected={tab}>
        <ChipsField {...group} field="tags" />
        <SeoFields {...group} />
      </ProductTabPanel>
    </>
  );
}
