import { MarkdownPage, pageTitle } from "~/components/layout/content-page";
import { SizeGuideCharts } from "~/components/product/size-guide-charts";
import { pageLoader } from "~/lib/http/error-answer.server";
import { shopNameFromMatches } from "~/lib/seo";
import { contentPage } from "~/modules/content/content-pages.server";
import { allSizeCharts } from "~/modules/fit/size-charts.server";
import { services } from "~/services.server";
import type { Route } from "./+types/size-guide";

/** Size Guide: the owner's text (Settings → Pages), with the store's settings filled in, then every size chart (issue 29). */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shop = loaderData?.page.shopName ?? shopNameFromMatches(matches);
  return [
    { title: pageTitle("Size Guide", shop) },
    {
      name: "description",
      content: `Find your size at ${shop} with body measurements in inches and centimeters for tops, dresses and bottoms.`,
    },
  ];
}

async function load(_: Route.LoaderArgs) {
  const { settings, database } = services();
  const [shop, charts] = await Promise.all([settings.read(), allSizeCharts(database.db)]);
  return { page: contentPage(shop, "sizeGuide"), charts };
}
export const loader = pageLoader(load);

export default function SizeGuide({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <MarkdownPage page={loaderData.page} />
      <SizeGuideCharts charts={loaderData.charts} />
    </>
  );
}
