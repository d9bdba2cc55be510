/** The product dashboard's texts (spec §2 Product dashboard, §8 Product admin toasts), word for word. */

export const LOADING_PRODUCTS = "Loading products...";
export const NO_PRODUCTS = "No products found";
export const HINT_EMPTY_CATALOGUE = "Get started by adding your first product.";
export const HINT_WITH_FILTERS = "Try adjusting your search or filters.";
export const LOAD_DEMO_PRODUCTS = "Load demo products";
export const DEMO_LOADED = "Loaded demo products - Product dashboard ready!";

/** What `POST /admin/products/demo` answers. */
export type DemoLoadResult = { ok: true; products: number; message: string } | { ok: false; message: string };
