import { redirect } from "react-router";

/**
 * /secure-admin opens the Dashboard. Every page of the console lives below /secure-admin/, where its
 * pass cookie (Path=/secure-admin) is sent with the page and with its data requests — React Router asks
 * for this URL's data at /secure-admin.data, outside that path.
 */
export function loader() {
  return redirect("/secure-admin/dashboard", { headers: { "Cache-Control": "no-store" } });
}
