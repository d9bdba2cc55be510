import { COUNTRIES } from "~/lib/countries";

/** The options of a country select (the registration list of spec §5), after an empty choice. */
export function CountryOptions({ placeholder }: { placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {COUNTRIES.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>
  );
}
