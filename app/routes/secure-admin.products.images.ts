import { SECURE_ADMIN_MESSAGES } from "~/modules/accounts/secure-admin-gate.server";
import { imageUploadAction, uploadMethodNotAllowed } from "./image-upload.server";
import { consoleNoStore, consoleStaff } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin.products.images";

/**
 * `POST /secure-admin/products/images`: the console modal's photo upload, the same upload as
 * /admin/products (image-upload.server.ts) behind the console's pass: without one, 401 before a byte of
 * the body is read, and nothing stored.
 */
export const loader = uploadMethodNotAllowed;

export function action({ request }: Route.ActionArgs) {
  return imageUploadAction(request, async (req) => {
    if (!(await consoleStaff(req, "products"))) {
      throw Response.json({ error: SECURE_ADMIN_MESSAGES.forbidden }, { status: 401, headers: consoleNoStore });
    }
  });
}
