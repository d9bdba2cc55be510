import { MarkdownPage, pageTitle } from "~/components/layout/content-page";
import { pageLoader } from "~/lib/http/error-answer.server";
import { shopNameFromMatches } from "~/lib/seo";
import { contentPage } from "~/modules/content/content-pages.server";
import { services } from "~/services.server";
import type { Route } from "./+types/faq";

/** Frequently Asked Questions: the owner's text (Settings → Pages), with the store's settings filled in. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shop = loaderData?.page.shopName ?? shopNameFromMatches(matches);
  return [
    { title: pageTitle("Frequently Asked Questions", shop) },
    {
      name: "description",
      content: `Answers to common questions about shipping, delivery, returns, payment, sizing and your ${shop} account.`,
    },
  ];
}

async function load(_: Route.LoaderArgs) {
  return { page: contentPage(await services().settings.read(), "faq") };
}
export const loader = pageLoader(load);

export default function Faq({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
