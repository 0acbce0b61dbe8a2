import { isId } from "../../common/ids";

// What a page needs before it can paint its first screen (docs/decisions/044): the module of its route, so the
// browser fetches it with the entry instead of after it, and, for a visitor without a session, the public API
// answers that screen asks for first, so it renders without another round trip.

/** The route module (as the build manifest names it) a path opens; mirrors src/app-routes.tsx. */
export function routeModuleOf(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/") return "src/routes/home.tsx";
  const [, first, second, extra] = path.split("/");
  if (first === "content" && second && !extra) return "src/routes/content.tsx";
  if (first === "creator" && second && !extra) return "src/routes/creator.tsx";
  // The embed page (docs/decisions/099): in another site's frame, its one chunk named up front too.
  if (first === "embed" && second && !extra) return "src/routes/embed.tsx";
  if (first === "studio" && second && !extra) return "src/routes/studio.tsx";
  if (first === "upload" && second === "bulk" && !extra) return "src/routes/upload-bulk.tsx";
  if (first === "auth" && (second === "callback" || second === "dev") && !extra) return `src/routes/auth-${second}.tsx`;
  if (!second && first && ["profile", "wallet", "upload", "admin"].includes(first)) return `src/routes/${first}.tsx`;
  return null;
}

/**
 * The GETs a signed-out visitor's first screen makes on `url`, exactly as the SPA writes them (src/lib/api.ts
 * builds the same strings): who is signed in (nobody: 401), the tag settings, and the screen's own data. A page
 * with a search in its address asks for other results than these, so it gets only the first two; an answer the
 * SPA does not ask for is never used, and one it asks for that is missing is simply fetched.
 */
export function bootRequestsOf(url: URL): string[] {
  const path = url.pathname.replace(/\/+$/, "") || "/";
  // Signing in happens on these pages: "nobody is signed in" would be out of date a moment later.
  if (path.startsWith("/auth/")) return [];
  const always = ["/api/session", "/api/analytics/config"];
  if (path === "/") return url.search ? always : [...always, "/api/content"];
  const [, first, id, extra] = path.split("/");
  if (first === "creator" && id && isId(id) && !extra)
    return [...always, `/api/users/${id}`, `/api/content?creator=${id}`];
  return always;
}
