import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { type RouteObject, RouterProvider, createMemoryRouter } from "react-router";
import { appRoutes } from "../app-routes";

/**
 * Renders the real route tree at `path` under StrictMode, as main.tsx does, so effects that run
 * twice are caught here. Returns the router to check where navigation ended up.
 */
export function renderApp(path: string) {
  return renderRoutes(appRoutes, path);
}

export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { router, ...view };
}
