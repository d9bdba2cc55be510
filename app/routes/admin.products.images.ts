import { services } from "~/services.server";
import { imageUploadAction, uploadMethodNotAllowed } from "./image-upload.server";
import type { Route } from "./+types/admin.products.images";

/**
 * `POST /admin/products/images`: the product dashboard's photo upload (image-upload.server.ts). Admins
 * only: anyone else is sent to / before a byte of the body is read.
 */
export const loader = uploadMethodNotAllowed;

export function action({ request }: Route.ActionArgs) {
  return imageUploadAction(request, (req) => services().sessions.requireAdmin(req));
}
