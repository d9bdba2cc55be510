import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { log } from "~/lib/log.server";
import type { SessionUser } from "~/modules/accounts/session-user";
import { loadFitProfile } from "~/modules/fit/fit-profile.server";
import type { FitProfile } from "~/modules/fit/fit-types";
import { services } from "~/services.server";
import type { Route } from "./+types/api.viewer";

/**
 * `GET /api/viewer`: who is signed in, for a page served from the shared cache (rendered for a guest):
 * `{ user }` or `{ user: null }`. One session lookup, no page render; a request without cookies is
 * answered without the database. It also slides the session, as a rendered page's root loader does.
 * Never cached anywhere (`private, no-store`).
 *
 * A signed-in shopper who kept measurements for 'Find my size' (issue 29) also gets them (`fitProfile`),
 * so every product page with a size chart shows 'Your size: …' at once; without any, the answer has no
 * `fitProfile`.
 */
export interface ViewerAnswer {
  user: SessionUser | null;
  fitProfile?: FitProfile;
}

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const { sessions } = services();
  try {
    const session = await sessions.get(request);
    const body: ViewerAnswer = { user: session?.user ?? null };
    if (session?.user) {
      // Who it is matters more than the measurements: a failed read leaves them out, not the viewer.
      const fitProfile = await loadFitProfile(services().database.db, session.user.id).catch((error: unknown) => {
        log.warn({ err: error }, "[viewer] fit profile not read");
        return null;
      });
      if (fitProfile) body.fitProfile = fitProfile;
    }
    if (!session?.due) return data(body, { headers: noStore });
    const headers = new Headers(await sessions.refreshHeaders(request));
    headers.set("Cache-Control", noStore["Cache-Control"]);
    return data(body, { headers });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "viewer" });
    return data({ user: null, error: message }, { status, headers: noStore });
  }
}
