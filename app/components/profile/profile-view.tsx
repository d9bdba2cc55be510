import type { ReactNode } from "react";
import { countryName } from "~/lib/countries";
import type { ProfileView as ProfileData } from "~/modules/accounts/profile.server";

/** Dates are formatted in UTC so the server's HTML and the browser's render agree. */
const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export function formatDateOfBirth(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : longDate.format(date);
}

export function formatMemberSince(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : monthYear.format(date);
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0]?.slice(0, 2) ?? "");
  return letters.toUpperCase() || "?";
}

function Row({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`border-b border-line py-4 ${wide ? "sm:col-span-2" : ""}`}>
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
      <dd className="mt-1 text-sm text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const missing = <span className="text-muted">Not provided</span>;

/** The read-only profile (spec §2 Profile, view mode). */
export function ProfileDetails({ profile }: { profile: ProfileData }) {
  return (
    <dl className="grid gap-x-8 sm:grid-cols-2">
      <Row label="Full name">{profile.fullName}</Row>
      <Row label="E-mail">{profile.email}</Row>
      <Row label="Phone">{profile.phone ?? missing}</Row>
      <Row label="Date of birth">{formatDateOfBirth(profile.dateOfBirth) ?? missing}</Row>
      <Row label="Address" wide>
        {profile.address ?? missing}
      </Row>
      <Row label="City">{profile.city ?? missing}</Row>
      <Row label="Postal code">{profile.postalCode ?? missing}</Row>
      <Row label="Country">{countryName(profile.country) ?? missing}</Row>
      <Row label="Member since">{formatMemberSince(profile.memberSince)}</Row>
    </dl>
  );
}
