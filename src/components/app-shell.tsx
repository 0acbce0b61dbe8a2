import type { ReactNode } from "react";
import { Outlet, useNavigation } from "react-router";
import { usePageTracking } from "../hooks/use-page-tracking";
import { CreditNoticeToast } from "./credit-notice";
import { Header } from "./header";
import { SiteFooter } from "./site-footer";
import { PageSpinner } from "./spinner";

/** Header and page frame shared by every screen, including the loading and error states. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    // A column: the footer stays at the bottom of a short page instead of floating under its content.
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-violet-600 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        {children}
      </main>
      <SiteFooter />
      <CreditNoticeToast />
    </div>
  );
}

/** The root layout route. */
export function RootLayout() {
  // A page visit, and the marketing tags' page view, on every route change (docs/product-spec.md §7 "Analytics").
  usePageTracking();
  // Screens load lazily; a thin bar shows that a click was taken while the next one downloads.
  const loading = useNavigation().state === "loading";
  return (
    <AppShell>
      {loading ? (
        <div className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-violet-500" aria-hidden="true" />
      ) : null}
      <Outlet />
    </AppShell>
  );
}

/** Shown on the very first load while the first screen's code arrives. */
export function RootLoading() {
  return (
    <AppShell>
      <PageSpinner />
    </AppShell>
  );
}
