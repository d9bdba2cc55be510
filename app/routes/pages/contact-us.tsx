import { MarkdownPage, pageTitle } from "~/components/layout/content-page";
import { pageLoader } from "~/lib/http/error-answer.server";
import { shopNameFromMatches } from "~/lib/seo";
import { contentPage } from "~/modules/content/content-pages.server";
import { services } from "~/services.server";
import type { Route } from "./+types/contact-us";

/** Contact Us: the owner's text (Settings → Pages), with the store's settings filled in. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shop = loaderData?.page.shopName ?? shopNameFromMatches(matches);
  return [
    { title: pageTitle("Contact Us", shop) },
    {
      name: "description",
      content: `Contact ${shop} customer service by e-mail, phone or post; we reply within 1 business day.`,
    },
  ];
}

async function load(_: Route.LoaderArgs) {
  return { page: contentPage(await services().settings.read(), "contact") };
}
export const loader = pageLoader(load);

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
