import { href } from "react-router";
/**
 * How large a request body may be, by route. The HTTP server refuses a larger declared length before
 * reading (server/request-limits.ts); the body readers (read-body.server.ts, read-multipart.server.ts)
 * stop at the same limit when no length was declared. Every route takes JSON or a small form, so one
 * small limit serves all but the back office's uploads in the table below (admins only: their actions
 * check their pass before reading a byte).
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * The back office's photo upload, on both faces (routes/admin.products.images.ts and
 * secure-admin.products.images.ts, one handler): files per request, bytes per file.
 */
export const IMAGE_UPLOAD_PATH = href("/admin/products/images");
export const CONSOLE_IMAGE_UPLOAD_PATH = href("/secure-admin/products/images");
export const IMAGE_UPLOAD_MAX_FILES = 10;
export const IMAGE_UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * A customer's review with its photos (routes/reviews.new.tsx, reviews.edit.tsx; issue 29): at most 4
 * photos of 8 MB each, the text fields beside them. The page's own URL and its data request (`.data`).
 */
export const REVIEW_PHOTO_MAX_FILES = 4;
export const REVIEW_PHOTO_MAX_FILE_BYTES = 8 * 1024 * 1024;
const REVIEW_FORM_PATH = /^\/reviews\/(new|[0-9a-f-]{36}\/edit)(\.data)?$/;
const REVIEW_FORM_LIMIT = REVIEW_PHOTO_MAX_FILES * REVIEW_PHOTO_MAX_FILE_BYTES + DEFAULT_BODY_LIMIT;

/** Routes that take more than the default: exact path → bytes. Any other spelling gets the default. */
const ROUTE_BODY_LIMITS: ReadonlyMap<string, number> = new Map([
  // Every file at its limit, plus room for the multipart part headers.
  [IMAGE_UPLOAD_PATH, IMAGE_UPLOAD_MAX_FILES * IMAGE_UPLOAD_MAX_FILE_BYTES + DEFAULT_BODY_LIMIT],
  [CONSOLE_IMAGE_UPLOAD_PATH, IMAGE_UPLOAD_MAX_FILES * IMAGE_UPLOAD_MAX_FILE_BYTES + DEFAULT_BODY_LIMIT],
  // A product CSV (routes/admin.products.csv.ts, CSV_MAX_BYTES): one row per variant, 10,000 products in
  // 15 sizes and colours each take ~20 MB.
  ["/admin/products/csv", 32 * 1024 * 1024],
]);

export function bodyLimitFor(pathname: string): number {
  return ROUTE_BODY_LIMITS.get(pathname) ?? (REVIEW_FORM_PATH.test(pathname) ? REVIEW_FORM_LIMIT : DEFAULT_BODY_LIMIT);
}

/** True for a route that receives file uploads: its body arrives at the speed of the sender's network. */
export function takesUploads(pathname: string): boolean {
  return ROUTE_BODY_LIMITS.has(pathname) || REVIEW_FORM_PATH.test(pathname);
}

export const BODY_TOO_LARGE = "Request body too large";
export const BAD_BYTES_MESSAGE = "Invalid characters in request";
