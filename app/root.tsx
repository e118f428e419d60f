import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { getUser } from "~/features/auth/session.server";
import { Footer } from "~/ui/layout/footer";
import { Navbar, type NavUser } from "~/ui/layout/navbar";
import { NotFoundView } from "~/ui/not-found";
import { WizardLauncher } from "~/ui/wizard/wizard-launcher";
import { useHydrated } from "~/ui/use-hydrated";
import { useNonce } from "~/ui/nonce";
import { refusePost } from "~/platform/http/responses.server";
import type { Route } from "./+types/root";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  return {
    user: user ? { name: user.name, email: user.email, role: user.role } : null,
  };
}

/** A form posted to "/" (no `?index`) lands here: refused like every read-only page. */
export const action = refusePost;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const user: NavUser = data?.user ?? null;
  const hydrated = useHydrated();
  useEffect(() => {
    // Lets tests (and scripts) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <Navbar user={user} />
        <div id="main" className="flex-1">
          {children}
        </div>
        <Footer />
        {hydrated ? <WizardLauncher /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundView />;
  }
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again.";
  if (isRouteErrorResponse(error) && error.status === 405) {
    // React Router's own 405 (a form posted to a page without an action)
    // carries internal route names: never shown.
    title = "405 Method Not Allowed";
    details = "This page can't take that request. Go back and use the page's own forms and links.";
  } else if (isRouteErrorResponse(error)) {
    title = error.status === 403 ? "Access denied" : `${error.status} ${error.statusText || "Error"}`;
    details =
      typeof error.data === "string" && error.data
        ? error.data
        : error.status === 403
          ? "You don't have permission to view this page."
          : details;
  }
  return (
    <main className="container-page flex min-h-[60vh] flex-col items-center justify-center pt-32 text-center">
      <title>{`${title} | LaunchKit`}</title>
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Error</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-lg text-slate-600">{details}</p>
      <a href="/" className="mt-8 rounded-xl bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
        Back to home
      </a>
    </main>
  );
}
