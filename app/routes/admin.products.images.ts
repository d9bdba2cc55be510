import { requireStaff } from "./back-office.server";
import { imageUploadAction, uploadMethodNotAllowed } from "./image-upload.server";
import type { Route } from "./+types/admin.products.images";

/**
 * `POST /admin/products/images`: the product dashboard's photo upload (image-upload.server.ts). Roles with
 * 'products' only: anyone else gets a 403 before a byte of the body is read.
 */
export const loader = uploadMethodNotAllowed;

export function action({ request }: Route.ActionArgs) {
  return imageUploadAction(request, (req) => requireStaff(req, "products"));
}
