import { forgetPlacedOrders } from "~/modules/orders/placed-orders.server";
import { services } from "~/services.server";
import type { Route } from "./+types/api.auth";

/** The auth library's endpoints (sign-in, sign-up, sign-out, session, OAuth callbacks). */
export function loader({ request }: Route.LoaderArgs) {
  return services().auth.handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  const { auth, config } = services();
  const response = await auth.handler(request);
  // Signing out also forgets which orders this browser placed, so the next person at a shared
  // computer cannot open the buyer's confirmation page (name, address, phone).
  if (new URL(request.url).pathname === "/api/auth/sign-out") {
    response.headers.append("Set-Cookie", await forgetPlacedOrders(request, config.authSecret));
  }
  return response;
}
