/** A JSON answer of the bench routes (they live outside the Hono app, so no c.json). */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
