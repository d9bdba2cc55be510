import { data } from "react-router";
import { z } from "zod";
import { fieldErrors, type FieldErrors } from "~/lib/forms";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readJsonBody } from "~/lib/http/read-body.server";
import { fitProfileSchema } from "~/modules/fit/fit-profile-form";
import { removeFitProfile, saveFitProfile } from "~/modules/fit/fit-profile.server";
import type { FitProfile } from "~/modules/fit/fit-types";
import { services } from "~/services.server";
import type { Route } from "./+types/api.fit-profile";

/**
 * `POST /api/fit-profile`: a signed-in shopper keeps their 'Find my size' measurements on their profile
 * (`{ intent: "save", profile }`, cm and kg) or removes them (`{ intent: "remove" }`), issue 29. Always
 * the session's own profile; a visitor is refused (401) and nothing is stored. Writes pass the shop's
 * origin rule (server/security.ts) like every other. The answer carries what is stored now.
 * Reading is `/api/viewer`'s (the viewer answer carries the profile).
 */
export type FitProfileAnswer = { fitProfile: FitProfile | null } | { error: string; errors?: FieldErrors };

const noStore = { "Cache-Control": "private, no-store" };
export const SIGN_IN_TO_SAVE = "Please sign in to keep your measurements on your profile";
export const INVALID_REQUEST = "Invalid measurements request";

const requestSchema = z.discriminatedUnion("intent", [
  z.strictObject({ intent: z.literal("save"), profile: z.unknown() }),
  z.strictObject({ intent: z.literal("remove") }),
]);

const reply = (body: FitProfileAnswer, status = 200) => data(body, { status, headers: noStore });

export function loader() {
  return reply({ error: "Method not allowed" }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return reply({ error: "Method not allowed" }, 405);
  try {
    const user = await services().sessions.user(request);
    if (!user) return reply({ error: SIGN_IN_TO_SAVE }, 401);
    const parsed = requestSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return reply({ error: INVALID_REQUEST }, 400);
    const db = services().database.db;
    if (parsed.data.intent === "remove") {
      await removeFitProfile(db, user.id);
      return reply({ fitProfile: null });
    }
    const profile = fitProfileSchema.safeParse(parsed.data.profile);
    if (!profile.success) {
      const errors = fieldErrors(profile.error);
      const first = Object.values(errors)[0] ?? INVALID_REQUEST;
      return reply({ error: first, errors }, 400);
    }
    return reply({ fitProfile: await saveFitProfile(db, user.id, profile.data) });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "fit-profile" });
    return reply({ error: message }, status);
  }
}
