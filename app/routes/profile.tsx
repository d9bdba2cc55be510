import { shopNameFromMatches } from "~/lib/seo";
import { AlertCircle, ChevronRight, Package, Pencil, RotateCw, ShoppingBag } from "~/components/ui/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, redirect, useActionData, useRevalidator, useSearchParams } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { toast } from "sonner";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { ChangePasswordForm } from "~/components/profile/change-password-form";
import { FormMessage, primaryButton } from "~/components/ui/field";
import {
  CHANGE_PASSWORD,
  PASSWORD_CHANGED_PAGE,
  PROFILE_MESSAGES,
  REMOVE_MEASUREMENTS,
  SAVE_MEASUREMENTS,
  UPDATE_PROFILE,
  type ProfileActionData,
} from "~/components/profile/profile-action";
import { MeasurementsSection } from "~/components/profile/measurements-section";
import { FIT_FORM_FIELDS, fitFormSchema } from "~/modules/fit/fit-profile-form";
import { loadFitProfile, removeFitProfile, saveFitProfile } from "~/modules/fit/fit-profile.server";
import type { FitProfile } from "~/modules/fit/fit-types";
import { ProfileForm } from "~/components/profile/profile-form";
import { formatMemberSince, initials, ProfileDetails } from "~/components/profile/profile-view";
import { SignOutButton } from "~/components/profile/sign-out-button";
import { connectionFailure } from "~/lib/db/errors";
import { isDomainError } from "~/lib/domain-error";
import { isDocumentRequest, parseForm, readFields } from "~/lib/forms";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import {
  CHANGE_PASSWORD_FIELDS,
  changePasswordSchema,
  PROFILE_FIELDS,
  profileSchema,
} from "~/modules/accounts/profile-forms";
import {
  loadAccount,
  loadOrCreateProfile,
  toProfileView,
  updateProfile,
  type ProfileView,
} from "~/modules/accounts/profile.server";
import { services } from "~/services.server";
import type { Route } from "./+types/profile";
import { log } from "~/lib/log.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Profile | ${shopNameFromMatches(matches)}` }, { name: "robots", content: "noindex" }];
}

/** Signed-in users only: the guard sends anyone else to /login?redirect=%2Fprofile. */
async function load({ request }: Route.LoaderArgs) {
  const user = await services().sessions.requireUser(request);
  const { db } = services().database;
  try {
    const [{ profile, created }, account, fitProfile] = await Promise.all([
      loadOrCreateProfile(db, user),
      loadAccount(db, user.id),
      loadFitProfile(db, user.id),
    ]);
    return data({
      profile: toProfileView(profile, account) as ProfileView | null,
      fitProfile: fitProfile as FitProfile | null,
      created,
      error: null as string | null,
    });
  } catch (error) {
    // The database away is the shop's 503 (pageLoader), not this page's own failure.
    if (connectionFailure(error)) throw error;
    log.error({ err: error }, "[profile] load failed");
    return data(
      { profile: null, fitProfile: null, created: false, error: PROFILE_MESSAGES.loadFailed },
      { status: 500 },
    );
  }
}
export const loader = pageLoader(load);

const answer = (body: ProfileActionData, status = 200, headers?: Headers) => data(body, { status, headers });

/** The profile fields as typed (bounded), to fill the form again after a refusal. */
const typedProfile = (form: FormData) =>
  Object.fromEntries(
    Object.entries(readFields(form, PROFILE_FIELDS)).map(([name, value]) => [name, value.slice(0, 300)]),
  );

/**
 * Two intents. Each reads only its own listed fields from the form (no mass assignment: e-mail,
 * role and owner come from the session and the database, never from the request).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await services().sessions.requireUser(request);
  let form: FormData;
  try {
    form = await readFormBody(request);
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "profile" });
    return answer({ intent: null, ok: false, message, errors: {} }, status);
  }
  const intent = form.get("intent");

  if (intent === UPDATE_PROFILE) {
    const parsed = parseForm(profileSchema, form, PROFILE_FIELDS);
    const values = typedProfile(form);
    if (!parsed.ok) return answer({ intent, ok: false, message: null, errors: parsed.errors, values }, 400);
    try {
      await updateProfile(services().database.db, user.id, parsed.data);
    } catch (error) {
      const failure = errorAnswer(error, request, { where: "profile", fallback: PROFILE_MESSAGES.updateFailed });
      return answer({ intent, ok: false, message: failure.message, errors: {}, values }, failure.status);
    }
    return answer({ intent, ok: true, message: PROFILE_MESSAGES.updated, errors: {} });
  }

  if (intent === CHANGE_PASSWORD) {
    const parsed = parseForm(changePasswordSchema, form, CHANGE_PASSWORD_FIELDS);
    if (!parsed.ok) return answer({ intent, ok: false, message: null, errors: parsed.errors }, 400);
    let headers: Headers;
    try {
      ({ headers } = await services().accounts.changePassword(request, {
        email: user.email,
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
      }));
    } catch (error) {
      const fallback = PROFILE_MESSAGES.passwordChangeFailed;
      const failure = errorAnswer(error, request, { where: "profile", fallback });
      // A wrong current password is shown at its field; anything else for the whole form.
      return isDomainError(error, "INVALID_PASSWORD")
        ? answer({ intent, ok: false, message: null, errors: { currentPassword: failure.message } }, failure.status)
        : answer({ intent, ok: false, message: failure.message, errors: {} }, failure.status);
    }
    services().sessions.forgetUser(user.id);
    // The library ended every session and made a new one for this browser: pass its cookie on. Posted
    // without JavaScript, the page would be rendered with the ended session: the browser goes on with the new one.
    if (isDocumentRequest(request)) throw redirect(PASSWORD_CHANGED_PAGE, { headers });
    return answer({ intent, ok: true, message: PROFILE_MESSAGES.passwordChanged, errors: {} }, 200, headers);
  }

  if (intent === SAVE_MEASUREMENTS) {
    const parsed = parseForm(fitFormSchema, form, FIT_FORM_FIELDS);
    const values = Object.fromEntries(
      Object.entries(readFields(form, FIT_FORM_FIELDS)).map(([name, value]) => [name, value.slice(0, 20)]),
    );
    if (!parsed.ok) return answer({ intent, ok: false, message: null, errors: parsed.errors, values }, 400);
    try {
      await saveFitProfile(services().database.db, user.id, parsed.data);
    } catch (error) {
      const fallback = PROFILE_MESSAGES.measurementsFailed;
      const failure = errorAnswer(error, request, { where: "profile", fallback });
      return answer({ intent, ok: false, message: failure.message, errors: {}, values }, failure.status);
    }
    return answer({ intent, ok: true, message: PROFILE_MESSAGES.measurementsSaved, errors: {} });
  }

  if (intent === REMOVE_MEASUREMENTS) {
    try {
      await removeFitProfile(services().database.db, user.id);
    } catch (error) {
      const failure = errorAnswer(error, request, { where: "profile" });
      return answer({ intent, ok: false, message: failure.message, errors: {} }, failure.status);
    }
    return answer({ intent, ok: true, message: PROFILE_MESSAGES.measurementsRemoved, errors: {} });
  }

  return answer({ intent: null, ok: false, message: "Unknown action", errors: {} }, 400);
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, fitProfile, created, error } = loaderData;

  useEffect(() => {
    // A fixed id: shown once even when the effect runs twice.
    if (created) toast.success(PROFILE_MESSAGES.created, { id: "profile-created" });
  }, [created]);

  return (
    <div className="pb-20">
      <header className="border-b border-line bg-white">
        <div className="container-page py-10 sm:py-14">
          <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Profile" }]} />
          <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight sm:text-5xl">My Profile</h1>
          <p className="mt-3 max-w-xl text-muted">Your personal details, delivery address and password.</p>
        </div>
      </header>
      {profile ? (
        <ProfilePage profile={profile} fitProfile={fitProfile} />
      ) : (
        <LoadFailed message={error ?? PROFILE_MESSAGES.loadFailed} />
      )}
    </div>
  );
}

function ProfilePage({ profile, fitProfile }: { profile: ProfileView; fitProfile: FitProfile | null }) {
  // Without JavaScript: Edit opens /profile?edit=1, and a refused save comes back in edit mode.
  const posted = useActionData() as ProfileActionData | undefined;
  const [searchParams] = useSearchParams();
  const [editing, setEditing] = useState(
    () => searchParams.get("edit") === "1" || (posted?.intent === UPDATE_PROFILE && !posted.ok),
  );
  const saved = posted?.intent === UPDATE_PROFILE && posted.ok ? posted.message : null;
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const leave = useCallback(() => setEditing(false), []);

  // Back in view mode, keyboard focus returns to the Edit button.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <div className="container-page mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:mt-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section
        aria-labelledby="profile-heading"
        className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-8"
      >
        <div className="flex flex-wrap items-center gap-4 border-b border-line pb-6">
          <span
            aria-hidden
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-ink font-display text-lg font-semibold text-white"
          >
            {initials(profile.fullName)}
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="profile-heading" className="truncate font-display text-2xl font-semibold">
              {editing ? "Edit profile" : profile.fullName}
            </h2>
            <p className="text-sm text-muted">Member since {formatMemberSince(profile.memberSince)}</p>
          </div>
          {!editing && (
            <div className="flex w-full flex-wrap gap-3 sm:w-auto">
              <form
                method="get"
                action="/profile"
                className="contents"
                onSubmit={(event) => {
                  event.preventDefault();
                  setEditing(true);
                }}
              >
                <input type="hidden" name="edit" value="1" />
                <button ref={editButton} type="submit" className={primaryButton}>
                  <Pencil className="size-4" aria-hidden />
                  Edit
                </button>
              </form>
              <SignOutButton />
            </div>
          )}
        </div>
        <div className="mt-6">
          {!editing && saved && (
            <FormMessage kind="success" className="mb-6">
              {saved}
            </FormMessage>
          )}
          {editing ? <ProfileForm profile={profile} onDone={leave} /> : <ProfileDetails profile={profile} />}
        </div>
      </section>

      <div className="flex min-w-0 flex-col gap-8">
        <section
          aria-labelledby="change-password-heading"
          className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="change-password-heading" className="font-display text-xl font-semibold">
            Change password
          </h2>
          <p className="mt-1.5 text-sm text-muted">
            You will need your current password. Other devices will be signed out.
          </p>
          <div className="mt-6">
            <ChangePasswordForm email={profile.email} />
          </div>
        </section>
        <MeasurementsSection fitProfile={fitProfile} />
        <nav aria-label="Account" className="rounded-3xl border border-line bg-white p-2 shadow-sm">
          <SiteLink
            to="/orders"
            className="flex items-center gap-3 rounded-2xl px-4 py-3 text-sm font-medium hover:bg-stone-100"
          >
            <Package className="size-5 text-muted" aria-hidden />
            <span className="flex-1">My Orders</span>
            <ChevronRight className="size-4 text-muted" aria-hidden />
          </SiteLink>
          <SiteLink
            to="/shop"
            className="flex items-center gap-3 rounded-2xl px-4 py-3 text-sm font-medium hover:bg-stone-100"
          >
            <ShoppingBag className="size-5 text-muted" aria-hidden />
            <span className="flex-1">Continue Shopping</span>
            <ChevronRight className="size-4 text-muted" aria-hidden />
          </SiteLink>
        </nav>
      </div>
    </div>
  );
}

/** 'Failed to load profile' (spec §8), inline and as a toast, with Try Again. */
function LoadFailed({ message }: { message: string }) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  useEffect(() => {
    toast.error(message, { id: "profile-load-failed" });
  }, [message]);
  return (
    <div className="container-page mt-10">
      <div
        role="alert"
        className="flex max-w-2xl flex-col items-start gap-4 rounded-2xl border border-red-200 bg-red-50 p-6"
      >
        <p className="flex items-start gap-3 text-red-900">
          <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <span>{message}</span>
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => void revalidator.revalidate()}
            disabled={retrying}
            aria-busy={retrying}
            className={primaryButton}
          >
            <RotateCw className={`size-4 ${retrying ? "animate-spin" : ""}`} aria-hidden />
            Try Again
          </button>
          <SignOutButton />
        </div>
      </div>
    </div>
  );
}
