import { MarkdownPage, pageTitle } from "~/components/layout/content-page";
import { pageLoader } from "~/lib/http/error-answer.server";
import { shopNameFromMatches } from "~/lib/seo";
import { contentPage } from "~/modules/content/content-pages.server";
import { services } from "~/services.server";
import type { Route } from "./+types/shipping-info";

/** Shipping Information: the owner's text (Settings → Pages), with the store's settings filled in. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shop = loaderData?.page.shopName ?? shopNameFromMatches(matches);
  return [
    { title: pageTitle("Shipping Information", shop) },
    {
      name: "description",
      content: `Shipping methods, costs and delivery times for ${shop} orders, with free standard shipping on orders over $50.`,
    },
  ];
}

async function load(_: Route.LoaderArgs) {
  return { page: contentPage(await services().settings.read(), "shipping") };
}
export const loader = pageLoader(load);

export default function ShippingInfo({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
