// Answers the Worker wrote into the page for a signed-out visitor's first calls (worker/spa/first-paint.ts,
// docs/decisions/044): the first screen renders without waiting for another round trip. Each is used once, and
// only in the first seconds after the page loaded; after that the data may be stale and the API is asked.

type BootAnswer = { status: number; body: unknown };

const FRESH_MS = 10_000;
let answers: Map<string, BootAnswer> | null = null;

function readAnswers(): Map<string, BootAnswer> {
  const element = typeof document === "undefined" ? null : document.getElementById("boot-answers");
  if (!element?.textContent) return new Map();
  element.remove();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent) as Record<string, BootAnswer>));
  } catch {
    return new Map(); // a damaged page only costs the round trips
  }
}

/** The written answer for a GET of `url` (path and query as the client builds them), as a Response; once. */
export function takeBootAnswer(url: string): Response | null {
  answers ??= readAnswers();
  const answer = answers.get(url);
  if (!answer) return null;
  answers.delete(url);
  if (performance.now() > FRESH_MS) return null;
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { "content-type": "application/json" },
  });
}
