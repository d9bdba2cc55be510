import { RotateCcw, ShieldCheck, Truck } from "~/components/ui/icons";
import { SiteLink } from "~/components/ui/site-link";
import { ProductCard } from "~/components/product/product-card";
import { useShop } from "~/components/use-root-data";
import { pageLoader } from "~/lib/http/error-answer.server";
import type { SitePath } from "~/lib/redirects";
import { organizationJsonLd, originFromMatches } from "~/lib/seo";
import { freeShippingWords, shortPrice } from "~/modules/content/shop-words";
import type { RootData } from "~/components/use-root-data";
import { services } from "~/services.server";
import type { Route } from "./+types/home";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  const name = loaderData?.shopName ?? root?.shop.name ?? "Abundance Collection";
  const freeShipping = root ? freeShippingWords(root.shop.shipping.freeShippingOverCents) : null;
  return [
    { title: `${name} | Considered clothing for every day` },
    {
      name: "description",
      content: `Shop considered essentials for men and women: hoodies, denim, dresses, outerwear and more.${freeShipping ? ` ${freeShipping},` : ""} ${root?.shop.returnDays ?? 30}-day returns.`,
    },
    {
      "script:ld+json": organizationJsonLd({
        name,
        origin: originFromMatches(matches),
        logoUrl: root?.shop.logoUrl,
        contactEmail: root?.shop.contactEmail,
        contactPhone: root?.shop.contactPhone,
      }),
    },
  ];
}

/** The featured products, and the hero and figures the owner set (Settings → Pages); both read from caches. */
async function load(_: Route.LoaderArgs) {
  const { catalog, settings } = services();
  const [featured, shop] = await Promise.all([catalog.homeFeatured(), settings.read()]);
  return { featured, hero: shop.pages.hero, stats: shop.pages.stats, shopName: shop.store.name };
}
export const loader = pageLoader(load);

/** The three promises under the hero; the shipping one follows the store's free-shipping threshold. */
function useBenefits() {
  const { shipping, returnDays } = useShop();
  const threshold = shipping.freeShippingOverCents;
  return [
    threshold === null
      ? { icon: Truck, title: "Fast Shipping", text: "Standard, express and overnight delivery." }
      : {
          icon: Truck,
          title: "Free Shipping",
          text:
            threshold === 0
              ? "Free standard shipping on every order."
              : `Free standard shipping on orders over ${shortPrice(threshold)}.`,
        },
    {
      icon: RotateCcw,
      title: `${returnDays}-Day Returns`,
      text: `Not quite right? Return or exchange it within ${returnDays} days.`,
    },
    { icon: ShieldCheck, title: "Secure Payment", text: "Checkout protected by encrypted, secure payment." },
  ];
}

/** The figures' grid: as many columns as figures (one to four). */
const STATS_COLUMNS = ["", "sm:grid-cols-1", "sm:grid-cols-2", "sm:grid-cols-3", "sm:grid-cols-4"];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, stats } = loaderData;
  const benefits = useBenefits();
  return (
    <>
      <section className="relative isolate overflow-hidden bg-stone-200">
        <img
          src={hero.imageUrl}
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-white/85 via-white/60 to-transparent" />
        <div className="container-page py-24 sm:py-32 lg:py-40">
          {hero.eyebrow && (
            <p className="mb-4 text-sm font-semibold uppercase tracking-[0.2em] text-brand">{hero.eyebrow}</p>
          )}
          <h1 className="max-w-xl font-display text-5xl font-semibold leading-[1.05] tracking-tight sm:text-6xl">
            {hero.heading}
          </h1>
          {hero.text && <p className="mt-6 max-w-lg text-lg leading-8 text-stone-700">{hero.text}</p>}
          <div className="mt-10 flex flex-wrap gap-3">
            <SiteLink
              to={hero.buttonHref as SitePath}
              className="rounded-full bg-ink px-7 py-3.5 text-sm font-semibold text-white hover:bg-black"
            >
              {hero.buttonLabel}
            </SiteLink>
            <SiteLink
              to="/shop/new-arrivals"
              className="rounded-full border border-ink bg-white/70 px-7 py-3.5 text-sm font-semibold hover:bg-white"
            >
              New Arrivals
            </SiteLink>
          </div>
        </div>
      </section>

      <section aria-label="Why shop with us" className="border-b border-line bg-white">
        <ul className="container-page grid gap-8 py-10 sm:grid-cols-3">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-start gap-4">
              <span className="rounded-full bg-stone-100 p-3">
                <Icon className="size-5 text-brand" aria-hidden />
              </span>
              <div>
                <h2 className="font-semibold">{title}</h2>
                <p className="mt-1 text-sm text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-title" className="container-page py-20">
        <div className="flex items-end justify-between gap-4">
          <div>
            <h2 id="featured-title" className="font-display text-3xl font-semibold tracking-tight">
              Featured Products
            </h2>
            <p className="mt-2 text-muted">Our most-loved pieces this season.</p>
          </div>
          <SiteLink to="/shop" className="text-sm font-semibold text-brand hover:underline">
            View all
          </SiteLink>
        </div>
        {loaderData.featured.length === 0 ? (
          <p className="mt-10 text-muted">No products available at the moment.</p>
        ) : (
          <div className="mt-10 grid grid-cols-2 gap-x-5 gap-y-10 lg:grid-cols-4">
            {loaderData.featured.map((product, i) => (
              <ProductCard key={product.id} product={product} priority={i < 2} />
            ))}
          </div>
        )}
      </section>

      {stats.length > 0 && (
        <section aria-label="Our numbers" className="bg-ink text-white">
          <dl className={`container-page grid gap-8 py-14 text-center ${STATS_COLUMNS[stats.length] ?? ""}`}>
            {stats.map((s, i) => (
              <div key={i} className="flex flex-col gap-1">
                <dt className="text-sm uppercase tracking-widest text-stone-400">{s.label}</dt>
                <dd className="order-first font-display text-4xl font-semibold">{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <section aria-labelledby="newsletter-title" className="container-page py-20">
        <div className="mx-auto max-w-2xl rounded-3xl bg-stone-100 px-6 py-12 text-center sm:px-12">
          <h2 id="newsletter-title" className="font-display text-3xl font-semibold">
            Join our newsletter
          </h2>
          <p className="mt-3 text-muted">New arrivals, restocks and members-only offers, once a week at most.</p>
          {/* Spec §1: the newsletter submit does nothing, and nothing is shown beyond that. A form of method
              "dialog" outside a dialog submits nowhere, so that holds before the page's scripts have run too. */}
          <form
            method="dialog"
            className="mt-8 flex flex-col gap-3 sm:flex-row"
            onSubmit={(event) => event.preventDefault()}
          >
            <label htmlFor="newsletter-email" className="sr-only">
              Email address
            </label>
            <input
              id="newsletter-email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              className="min-w-0 flex-1 rounded-full border border-line bg-white px-5 py-3 outline-none focus:border-brand"
            />
            <button type="submit" className="rounded-full bg-ink px-7 py-3 font-semibold text-white hover:bg-black">
              Subscribe
            </button>
          </form>
        </div>
      </section>
    </>
  );
}
