import { MarkdownPage, pageTitle } from "~/components/layout/content-page";
import { pageLoader } from "~/lib/http/error-answer.server";
import { shopNameFromMatches } from "~/lib/seo";
import { contentPage } from "~/modules/content/content-pages.server";
import { services } from "~/services.server";
import type { Route } from "./+types/privacy";

/** Privacy Policy: the owner's text (Settings → Pages), with the store's settings filled in. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shop = loaderData?.page.shopName ?? shopNameFromMatches(matches);
  return [
    { title: pageTitle("Privacy Policy", shop) },
    {
      name: "description",
      content: `How ${shop} collects, uses, shares and protects your personal information.`,
    },
  ];
}

async function load(_: Route.LoaderArgs) {
  return { page: contentPage(await services().settings.read(), "privacy") };
}
export const loader = pageLoader(load);

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
