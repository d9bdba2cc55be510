import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { LazyCartDrawer } from "./components/cart/lazy-cart-drawer";
import { ErrorScreen, shownMessage } from "./components/error-screen";
import type { RootData } from "./components/use-root-data";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { SiteNavigation } from "./components/ui/site-link";
import { useViewer, ViewerProvider } from "./components/viewer/viewer";
import { VIEWER_HINT_SCRIPT } from "./modules/accounts/viewer-hint";
import { syncSession } from "./components/cart/cart-client";
import type { StoredUser } from "./components/cart/client-store";
import { reportCartOutcome } from "./components/cart/report-cart-outcome";
import { useNonce } from "./lib/nonce";
import { publicConfig } from "./lib/config/config.server";
import { services } from "./services.server";
import { pageLoader } from "./lib/http/error-answer.server";
import { shopFace } from "./modules/settings/shop-face";

export const links: Route.LinksFunction = () => [
  // A stylesheet link, not inlined CSS: inlined, the 6 KB would also ship inside the JavaScript.
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

async function load({ request }: Route.LoaderArgs): Promise<RootData | ReturnType<typeof data<RootData>>> {
  const { sessions, config, settings } = services();
  const [session, shop] = await Promise.all([sessions.get(request), settings.read()]);
  const body: RootData = { user: session?.user ?? null, config: publicConfig(config), shop: shopFace(shop) };
  if (!session?.due) return body;
  const headers = await sessions.refreshHeaders(request);
  return data(body, { headers });
}
export const loader = pageLoader(load);

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const backOffice = useBackOffice();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        <Meta />
        <Links />
        {/* Rendered for a guest (maybe the shared cached page): paint a signed-in viewer's header at once. */}
        {!data?.user && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: VIEWER_HINT_SCRIPT }} />}
      </head>
      <body className="flex min-h-screen flex-col font-sans">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <SiteNavigation>
          <ViewerProvider root={data}>
            {!backOffice && <SiteHeader guestSearch={Boolean(data?.config.guestSearch)} />}
            <main id="main" className="flex-1">
              {children}
            </main>
            {!backOffice && <SiteFooter />}
            {!backOffice && <LazyCartDrawer />}
          </ViewerProvider>
        </SiteNavigation>
        {/* At the bottom: at the top right a toast covered the header's cart button just when a shopper who
            had added something reached for it. */}
        <Toaster position="bottom-right" duration={4000} richColors closeButton />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * True on an unlocked back-office page (a route whose `handle` says `backOffice` and whose data says
 * `unlocked`): it brings its own frame, so the storefront's header, footer and cart stay out.
 */
function useBackOffice(): boolean {
  return useMatches().some(
    (match) =>
      (match.handle as { backOffice?: boolean } | undefined)?.backOffice === true &&
      (match.loaderData as { unlocked?: boolean } | undefined)?.unlocked === true,
  );
}

export default function App() {
  const viewer = useViewer();
  const user = viewer.known ? viewer.user : undefined;
  const stored =
    user === undefined
      ? undefined
      : user
        ? JSON.stringify({ id: user.id, email: user.email, fullName: user.name, role: user.role })
        : "";

  useEffect(() => {
    // Lets browser tests (and anyone curious) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    // Reads the stored cart, then merges or refreshes it for whoever is signed in now (once that is
    // known: a page from the shared cache asks first); says so if that failed.
    if (stored === undefined) return;
    void syncSession(stored ? (JSON.parse(stored) as StoredUser) : null).then(reportCartOutcome);
  }, [stored]);

  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorScreen message="Not found" />;
  }
  const message = error instanceof Error ? error.message : isRouteErrorResponse(error) ? String(error.data) : undefined;
  return <ErrorScreen message={message} shown={shownMessage(error)} />;
}
