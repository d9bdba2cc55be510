import type { FieldErrors } from "~/lib/forms";
import type { EditorCategory, SizeChartChoice } from "~/modules/product-admin/editor-api";
import type { ProductField, ProductFormValues } from "~/modules/product-admin/product-form";
import type { ProductFieldSetters } from "./product-draft";
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
} from "./product-field-groups";
import { ImageGalleryField } from "./image-gallery-field";

export type FormTab = "general" | "pricing" | "inventory" | "seo" | "variants";

/** The side panel's tabs (spec §2 side panel editor), in order. */
export const FORM_TABS: readonly { key: FormTab; label: string }[] = [
  { key: "general", label: "General" },
  { key: "pricing", label: "Pricing" },
  { key: "inventory", label: "Inventory" },
  { key: "seo", label: "SEO" },
  { key: "variants", label: "Variants" },
];

/** The tab each field is on. */
export const TAB_OF: Record<ProductField, FormTab> = {
  name: "general",
  slug: "general",
  description: "general",
  images: "general",
  categoryId: "general",
  isActive: "general",
  featured: "general",
  isNew: "general",
  isSale: "general",
  price: "pricing",
  compareAtPrice: "pricing",
  sku: "inventory",
  inventory: "inventory",
  variants: "inventory",
  metaTitle: "seo",
  metaDescription: "seo",
  tags: "variants",
  colors: "variants",
  sizes: "variants",
  variantType: "variants",
  sizeChartId: "variants",
  fitNote: "variants",
  modelHeightCm: "variants",
  modelSize: "variants",
  garmentMeasurements: "variants",
};

export interface FieldsProps extends ProductFieldSetters {
  values: ProductFormValues;
  errors: FieldErrors;
  categories: readonly EditorCategory[];
  sizeCharts: readonly SizeChartChoice[];
  tab: string;
  isNew: boolean;
}

/** Every field of the side panel editor, in its tabs (all rendered; the hidden ones keep their state). */
export function ProductEditorFields(props: FieldsProps) {
  const { values, errors, set, tab } = props;
  const group = { idPrefix: "product", values, errors, set };
  return (
    <>
      <ProductTabPanel tab="general" selected={tab}>
        <NameAndSlugFields
          {...group}
          setName={props.setName}
          setSlug={props.setSlug}
          slugLabel="Slug"
          slugRequired
          autoFocus
        />
        <DescriptionField {...group} rows={5} />
        <ImageGalleryField value={values.images} onChange={(images) => set("images", images)} error={errors.images} />
        <CategoryField {...group} categories={props.categories} emptyLabel="No category" />
        <StatusFields {...group} />
      </ProductTabPanel>

      <ProductTabPanel tab="pricing" selected={tab}>
        <PriceFields {...group} setPrice={props.setPrice} setCompareAt={props.setCompareAt} />
      </ProductTabPanel>

      <ProductTabPanel tab="inventory" selected={tab}>
        <SkuField
          {...group}
          required
          hint={`Left blank, it is made from the ${props.isNew ? "new product's" : "product's"} id: SKU- and its first 8 characters.`}
        />
        <InventoryField {...group} />
        <VariantsField {...group} setVariants={props.setVariants} />
      </ProductTabPanel>

      <ProductTabPanel tab="seo" selected={tab}>
        <SeoFields {...group} />
      </ProductTabPanel>

      <ProductTabPanel tab="variants" selected={tab}>
        <ChipsField {...group} field="tags" />
        <ChipsField {...group} field="colors" />
        <ChipsField {...group} field="sizes" />
        <VariantTypeField {...group} />
        <FitFields {...group} sizeCharts={props.sizeCharts} />
      </ProductTabPanel>
    </>
  );
}
