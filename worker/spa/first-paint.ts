import { bootRequestsOf, routeModuleOf } from "./first-paint-plan";
import { routeFiles } from "./route-chunks";
import { SESSION_COOKIE } from "../middleware/session-cookie";

// A page's first paint on a phone (docs/decisions/044): the <head> names, before the entry script runs, the
// route module's files, the first image the screen shows, and, for a visitor without a session, the public
// answers the screen's first calls would fetch. The SPA takes those answers instead of asking
// (src/lib/boot-answers.ts).

export type ApiFetch = (request: Request) => Promise<Response>;
type BootAnswer = { status: number; body: unknown };

// An answer larger than this is left for the SPA to fetch: the page should stay small.
const MAX_ANSWER_BYTES = 64 * 1024;
// Only answers the screens handle without a session: data, or "nobody is signed in".
const BOOTABLE = new Set([200, 401]);

const hasSession = (request: Request) => (request.headers.get("cookie") ?? "").includes(`${SESSION_COOKIE}=`);

async function bootAnswers(request: Request, fetchApi: ApiFetch): Promise<Record<string, BootAnswer>> {
  const url = new URL(request.url);
  // Signed-in answers depend on the session (and may renew cookies): those stay the SPA's own calls.
  if (hasSession(request)) return {};
  // The visitor's address goes along, so the API's per-address limits count this visitor, not the Worker.
  const headers = new Headers({ accept: "application/json" });
  const ip = request.headers.get("cf-connecting-ip");
  if (ip) headers.set("cf-connecting-ip", ip);
  const pairs = await Promise.all(
    bootRequestsOf(url).map(async (path) => {
      try {
        const response = await fetchApi(new Request(new URL(path, url.origin), { headers }));
        const text = await response.text();
        if (!BOOTABLE.has(response.status) || text.length > MAX_ANSWER_BYTES) return null;
        if (!response.headers.get("content-type")?.includes("application/json")) return null;
        return [path, { status: response.status, body: JSON.parse(text) as unknown }] as const;
      } catch {
        return null; // the SPA asks again itself
      }
    }),
  );
  return Object.fromEntries(pairs.filter((p) => p !== null));
}

/** The first thumbnail a gallery answer shows: the largest thing on a phone's first screen. */
function firstImage(answers: Record<string, BootAnswer>, thumbsOrigin: string | null): string | null {
  for (const { status, body } of Object.values(answers)) {
    if (status !== 200 || !body || typeof body !== "object" || !("items" in body) || !Array.isArray(body.items))
      continue;
    const first = (body.items as { thumbnail_url?: unknown }[])[0]?.thumbnail_url;
    if (typeof first !== "string") continue;
    // The Worker's route, or the public thumbnail bucket's domain (docs/decisions/083).
    if (first.startsWith("/api/") || (thumbsOrigin && first.startsWith(`${thumbsOrigin}/`))) return first;
  }
  return null;
}

const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
// JSON inside <script> ends at the first "</": every "<" is written as its escape, which JSON.parse reads back.
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** The tags to add to the page's <head> for `request`; empty when there is nothing to say. */
export async function firstPaintHead(
  request: Request,
  assets: Fetcher,
  fetchApi: ApiFetch,
  thumbsOrigin: string | null = null,
): Promise<string> {
  const url = new URL(request.url);
  const routeModule = routeModuleOf(url.pathname);
  const [files, answers] = await Promise.all([
    routeModule ? routeFiles(assets, url.origin, routeModule) : { scripts: [], styles: [] },
    bootAnswers(request, fetchApi),
  ]);
  const tags: string[] = [];
  const image = firstImage(answers, thumbsOrigin);
  if (image) tags.push(`<link rel="preload" as="image" href="${attr(image)}" fetchpriority="high">`);
  for (const href of files.styles) tags.push(`<link rel="stylesheet" href="${attr(href)}">`);
  for (const href of files.scripts) tags.push(`<link rel="modulepreload" crossorigin href="${attr(href)}">`);
  if (Object.keys(answers).length > 0) {
    tags.push(`<script type="application/json" id="boot-answers">${scriptJson(answers)}</script>`);
  }
  return tags.join("");
}
