import type { RouteObject } from "react-router";
import { RootLayout, RootLoading } from "./components/app-shell";
import { EmbedLoading } from "./components/embed-loading";
import { RequireAuth } from "./components/require-auth";
import { RouteError } from "./components/route-error";

// Every screen is its own chunk (`lazy`), so the home page ships only the code it needs.
// Each route module exports `Component`, which react-router picks up from the lazy import.
export const appRoutes: RouteObject[] = [
  // The player alone, for other sites' frames (docs/decisions/099): no header, footer or comments. A top-level lazy
  // route, so it needs its own HydrateFallback (the root's has the site's header) for the first load of its code.
  {
    path: "/embed/:id",
    lazy: () => import("./routes/embed"),
    HydrateFallback: EmbedLoading,
    ErrorBoundary: RouteError,
  },
  {
    path: "/",
    Component: RootLayout,
    HydrateFallback: RootLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: () => import("./routes/home") },
      { path: "auth/callback", lazy: () => import("./routes/auth-callback") },
      { path: "auth/dev", lazy: () => import("./routes/auth-dev") },
      { path: "content/:id", lazy: () => import("./routes/content") },
      { path: "creator/:creatorId", lazy: () => import("./routes/creator") },
      // A playlist: public and unlisted ones to anyone with the address, a private one to its owner only.
      { path: "playlist/:id", lazy: () => import("./routes/playlist") },
      { path: "terms", lazy: () => import("./routes/terms") },
      { path: "privacy", lazy: () => import("./routes/privacy") },
      {
        // Signed-in only; visitors are sent to /.
        element: <RequireAuth />,
        children: [
          { path: "profile", lazy: () => import("./routes/profile") },
          { path: "wallet", lazy: () => import("./routes/wallet") },
          // New uploads of the creators the member follows (docs/decisions/101).
          { path: "following", lazy: () => import("./routes/following") },
          { path: "upload", lazy: () => import("./routes/upload") },
          { path: "upload/bulk", lazy: () => import("./routes/upload-bulk") },
          // An item's stats: its creator's, or any item's for an admin (the API answers 404 to anyone else).
          { path: "studio/:id", lazy: () => import("./routes/studio") },
        ],
      },
      {
        // Admins only; visitors and other users are sent to /.
        element: <RequireAuth role="admin" />,
        children: [{ path: "admin", lazy: () => import("./routes/admin") }],
      },
      { path: "*", lazy: () => import("./routes/not-found") },
    ],
  },
];
