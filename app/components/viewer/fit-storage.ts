/**
 * Where a guest's 'Find my size' measurements stay in this browser (components/viewer/shopper-fit.ts
 * reads and writes them), and whether there are any: asked by the product page before it loads anything
 * else of 'Find my size'.
 */
export const FIT_STORAGE_KEY = "abundance-fit";

export function hasStoredFit(): boolean {
  try {
    return window.localStorage.getItem(FIT_STORAGE_KEY)?.includes('"profile"') ?? false;
  } catch {
    return false;
  }
}
