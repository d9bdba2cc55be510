import { SiteLink } from "~/components/ui/site-link";
import { ContentPage, pageTitle } from "~/components/layout/content-page";
import type { Route } from "./+types/size-guide";

const link = "font-medium text-brand underline underline-offset-2 hover:text-brand-dark";

/** Body measurements for tops and dresses: [size, chest in, chest cm, waist in, waist cm, hip in, hip cm]. */
const TOP_SIZES = [
  ["XS", "32–34", "81–86", "26–28", "66–71", "34–36", "86–91"],
  ["S", "35–37", "89–94", "29–31", "74–79", "37–39", "94–99"],
  ["M", "38–40", "97–102", "32–34", "81–86", "40–42", "102–107"],
  ["L", "41–43", "104–109", "35–37", "89–94", "43–45", "109–114"],
  ["XL", "44–46", "112–117", "38–40", "97–102", "46–48", "117–122"],
  ["XXL", "47–49", "119–124", "41–43", "104–109", "49–51", "124–130"],
  ["XXXL", "50–52", "127–132", "44–46", "112–117", "52–54", "132–137"],
  ["4XL", "53–55", "135–140", "47–49", "119–124", "55–57", "140–145"],
] as const;

/** Bottoms by waist size: [size, waist in, waist cm]. */
const WAIST_SIZES = [
  ["28", "28", "71"],
  ["30", "30", "76"],
  ["32", "32", "81"],
  ["34", "34", "86"],
  ["36", "36", "91"],
  ["38", "38", "97"],
] as const;

export function meta(_: Route.MetaArgs) {
  return [
    { title: pageTitle("Size Guide") },
    {
      name: "description",
      content:
        "Find your size at Abundance Collection with body measurements in inches and centimeters for tops, dresses and bottoms.",
    },
  ];
}

export default function SizeGuide() {
  return (
    <ContentPage
      title="Size Guide"
      intro="Our tops and dresses come in sizes XS to 4XL, and our bottoms in waist sizes 28 to 38. Use the body measurements below to find your fit."
    >
      <section>
        <h2>Tops and dresses</h2>
        <p>Body measurements in inches (in) and centimeters (cm).</p>
        <div className="mt-4 overflow-x-auto">
          <table className="min-w-[36rem] whitespace-nowrap">
            <caption className="sr-only">Tops and dresses: chest, waist and hip measurements by size</caption>
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col">Chest (in)</th>
                <th scope="col">Chest (cm)</th>
                <th scope="col">Waist (in)</th>
                <th scope="col">Waist (cm)</th>
                <th scope="col">Hip (in)</th>
                <th scope="col">Hip (cm)</th>
              </tr>
            </thead>
            <tbody>
              {TOP_SIZES.map(([size, ...values]) => (
                <tr key={size}>
                  <th scope="row" className="border-line! pr-3 font-semibold">
                    {size}
                  </th>
                  {values.map((value, i) => (
                    <td key={i} className="pr-3">
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section>
        <h2>Bottoms</h2>
        <p>Our trousers, jeans and shorts are sized by waist measurement.</p>
        <div className="mt-4 overflow-x-auto">
          <table className="whitespace-nowrap">
            <caption className="sr-only">Bottoms: waist measurement and typical inseam by waist size</caption>
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col">Waist (in)</th>
                <th scope="col">Waist (cm)</th>
                <th scope="col">Typical inseam</th>
              </tr>
            </thead>
            <tbody>
              {WAIST_SIZES.map(([size, inches, cm]) => (
                <tr key={size}>
                  <th scope="row" className="border-line! pr-3 font-semibold">
                    {size}
                  </th>
                  <td className="pr-3">{inches}</td>
                  <td className="pr-3">{cm}</td>
                  <td>30–32 in (76–81 cm)</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section>
        <h2>How to measure</h2>
        <p>Measure over light clothing with a soft tape measure, keeping it snug but not tight.</p>
        <ul className="mt-3">
          <li>
            <strong>Chest:</strong> measure around the fullest part of your chest, under your arms, keeping the tape
            level.
          </li>
          <li>
            <strong>Waist:</strong> measure around your natural waistline, the narrowest part of your torso.
          </li>
          <li>
            <strong>Hip:</strong> stand with your feet together and measure around the fullest part of your hips.
          </li>
          <li>
            <strong>Inseam:</strong> measure from the crotch to the bottom of the ankle along the inside of your leg.
          </li>
        </ul>
      </section>

      <section>
        <h2>Between sizes?</h2>
        <p>
          If your measurements fall between two sizes, we recommend choosing the larger size for a more relaxed fit. If
          a size doesn’t work out, you can exchange it for another size within 30 days — see our{" "}
          <SiteLink to="/returns" className={link}>
            returns policy
          </SiteLink>
          .
        </p>
      </section>
    </ContentPage>
  );
}
