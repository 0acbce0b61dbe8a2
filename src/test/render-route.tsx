import { StrictMode } from "react";
import { type RouteObject, RouterProvider, createMemoryRouter } from "react-router";
import { appRoutes } from "../app-routes";
import { renderWithQueries } from "./query-client";

/**
 * Renders the real route tree at `path` under StrictMode and a fresh query client, as main.tsx does, so
 * effects that run twice are caught here. Returns the router to check where navigation ended up, and
 * the query client.
 */
export function renderApp(path: string) {
  return renderRoutes(appRoutes, path);
}

export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = renderWithQueries(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { router, ...view };
}
