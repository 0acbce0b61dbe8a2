import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { marketingTags } from "../lib/marketing-tags";
import { trackPageView } from "../lib/tracker";
import { useAuth } from "../stores/auth";

/**
 * Records a page visit (docs/product-spec.md §3, §7) and sends a tag-manager and pixel page view on every route change,
 * the first load included. Called once, in the root layout. The location key tells a navigation from a
 * re-render, and from StrictMode running the effect twice.
 */
export function usePageTracking() {
  const location = useLocation();
  const tracked = useRef<string | null>(null);

  useEffect(() => {
    void marketingTags.start();
  }, []);

  useEffect(() => {
    if (tracked.current === location.key) return;
    tracked.current = location.key;
    trackPageView({
      pathname: location.pathname,
      search: location.search,
      userId: useAuth.getState().user?.id ?? null,
    });
    marketingTags.pageView(location.pathname + location.search);
  }, [location.key, location.pathname, location.search]);
}
