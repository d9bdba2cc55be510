import { MarkdownPage, pageTitle } from "~/components/layout/content-page";
import { pageLoader } from "~/lib/http/error-answer.server";
import { shopNameFromMatches } from "~/lib/seo";
import { contentPage } from "~/modules/content/content-pages.server";
import { services } from "~/services.server";
import type { Route } from "./+types/terms";

/** Terms of Service: the owner's text (Settings → Pages), with the store's settings filled in. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shop = loaderData?.page.shopName ?? shopNameFromMatches(matches);
  return [
    { title: pageTitle("Terms of Service", shop) },
    {
      name: "description",
      content: `The terms that apply when you use the ${shop} website and place an order.`,
    },
  ];
}

async function load(_: Route.LoaderArgs) {
  return { page: contentPage(await services().settings.read(), "terms") };
}
export const loader = pageLoader(load);

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
