import { countryName } from "~/lib/countries";

/** An address as the lines of a parcel label: name, street, apartment, 'City, ST 12345', country. Pure. */
export function addressLines(a: {
  firstName?: string;
  lastName?: string;
  address?: string;
  apartment?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}): string[] {
  const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [
    `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim(),
    a.address ?? "",
    a.apartment ?? "",
    cityLine,
    countryName(a.country) ?? "",
  ].filter((line) => line.trim() !== "");
}
