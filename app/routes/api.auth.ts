import { services } from "~/services.server";
import type { Route } from "./+types/api.auth";

/** The auth library's endpoints (sign-in, sign-up, sign-out, session, OAuth callbacks). */
export function loader({ request }: Route.LoaderArgs) {
  return services().auth.handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return services().auth.handler(request);
}
