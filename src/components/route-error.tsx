import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { AppShell } from "./app-shell";
import { buttonClass } from "./ui";

/** Keeps the header on screen when a page fails, e.g. its code cannot be downloaded after a deploy. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "Please reload the page. If it keeps happening, try again later.";
  return (
    <AppShell>
      <section role="alert" className="py-16 text-center">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-slate-400">{detail}</p>
        <Link to="/" className={`${buttonClass()} mt-6`}>
          Go home
        </Link>
      </section>
    </AppShell>
  );
}
