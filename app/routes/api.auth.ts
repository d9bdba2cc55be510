import { errorAnswer } from "~/lib/http/error-answer.server";
import { forgetPlacedOrders } from "~/modules/orders/placed-orders.server";
import { services } from "~/services.server";
import type { Route } from "./+types/api.auth";

/**
 * The auth library's endpoints the browser needs (social sign-in and its callback, sign-out, the links
 * of our e-mails), behind the same limits as our pages; every other path under /api/auth is a 404
 * (modules/accounts/auth-endpoints.server.ts). Failures are answered through errorAnswer in the
 * library's own error shape, `{ message }`: what the library throws, and the 500s it makes itself of
 * some database failures ('Failed to get session') when the database does not answer — those are the
 * outage, 503 'Database connection error. Please try again later.'
 */
function failed(error: unknown, request: Request): Response {
  const { status, message } = errorAnswer(error, request, { where: "auth" });
  return Response.json({ message }, { status, headers: { "Cache-Control": "no-store" } });
}

async function serve(request: Request): Promise<Response> {
  try {
    const response = await services().accounts.serveAuthEndpoint(request);
    // The library makes its own 500 of some database failures: while the database does not answer
    // a ping, that 500 is the outage (the ping's failure is answered below).
    if (response.status >= 500) await services().database.ping();
    return response;
  } catch (error) {
    return failed(error, request);
  }
}

export function loader({ request }: Route.LoaderArgs) {
  return serve(request);
}

export async function action({ request }: Route.ActionArgs) {
  const signingOut = new URL(request.url).pathname === "/api/auth/sign-out";
  const leaving = signingOut ? await services().sessions.user(request) : null;
  const response = await serve(request);
  // Signing out also forgets which orders this browser placed, so the next person at a shared
  // computer cannot open the buyer's confirmation page (name, address, phone), and drops the /admin pass
  // (it names the session that ends here, so it is dead anyway; the browser need not keep it). The
  // session this process kept a copy of ends here at once, not when the database's notice arrives.
  if (signingOut) {
    if (leaving && response.ok) services().sessions.forgetUser(leaving.id);
    response.headers.append("Set-Cookie", await forgetPlacedOrders(request, services().config.authSecret));
    response.headers.append("Set-Cookie", await services().adminAccess.revoke());
  }
  return response;
}
