import { MarkdownPage, pageTitle } from "~/components/layout/content-page";
import { pageLoader } from "~/lib/http/error-answer.server";
import { shopNameFromMatches } from "~/lib/seo";
import { contentPage } from "~/modules/content/content-pages.server";
import { services } from "~/services.server";
import type { Route } from "./+types/returns";

/** Returns & Exchanges: the owner's text (Settings → Pages), with the store's settings filled in. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shop = loaderData?.page.shopName ?? shopNameFromMatches(matches);
  return [
    { title: pageTitle("Returns & Exchanges", shop) },
    {
      name: "description",
      content: `Return or exchange any ${shop} item within ${loaderData?.returnDays ?? 30} days of delivery, including sale items.`,
    },
  ];
}

async function load(_: Route.LoaderArgs) {
  const settings = await services().settings.read();
  return { page: contentPage(settings, "returns"), returnDays: settings.returns.windowDays };
}
export const loader = pageLoader(load);

export default function Returns({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
