import type { MiddlewareHandler } from "hono";
import { describeRoute, resolver, uniqueSymbol, type DescribeRouteOptions } from "hono-openapi";
import type { ZodType } from "zod";

// One declaration per route of what it answers (docs/decisions/040): the OpenAPI document takes the success bodies
// from it, and under test every JSON answer is parsed by its schema, so a route that answers a body its
// schema rejects fails the test that called it (docs/architecture.md "The contract").

/** One answer a route gives: a JSON body with its schema, or a body that is not JSON (a stream, a CSV, a redirect, 204). */
export type Answer = { description: string; schema?: ZodType; media?: string };

type Declared = { summary: string; description?: string; answers: Record<number, Answer> };

function specOf({ summary, description, answers }: Declared): DescribeRouteOptions {
  const responses: DescribeRouteOptions["responses"] = Object.fromEntries(
    Object.entries(answers).map(([status, a]) => [
      status,
      a.schema
        ? { description: a.description, content: { [a.media ?? "application/json"]: { schema: resolver(a.schema) } } }
        : a.media
          ? {
              description: a.description,
              content: { [a.media]: { schema: { type: "string" as const, format: "binary" } } },
            }
          : { description: a.description },
    ]),
  );
  return { summary, ...(description ? { description } : {}), responses };
}

/**
 * The route's summary and answers, e.g. `responds("List my payout requests", { 200: { description: "…", schema } })`.
 * Put it first in the route's handlers. With the CHECK_RESPONSES binding set (the worker tests set it), a
 * JSON answer with a declared schema is parsed by it after the handler ran; a mismatch throws, naming the route.
 */
export function responds(summary: string, answers: Record<number, Answer>, description?: string): MiddlewareHandler {
  const spec = specOf({ summary, description, answers });
  const check: MiddlewareHandler = async (c, next) => {
    await next();
    if ((c.env as { CHECK_RESPONSES?: string } | undefined)?.CHECK_RESPONSES !== "true") return;
    const schema = answers[c.res.status]?.schema;
    if (!schema || !c.res.headers.get("content-type")?.includes("application/json")) return;
    const parsed = schema.safeParse(await c.res.clone().json());
    if (!parsed.success) {
      throw new Error(
        `${c.req.method} ${c.req.path} answered ${c.res.status} with a body its schema rejects: ${parsed.error.message}`,
      );
    }
  };
  // describeRoute's marker carries the spec to the document generator (worker/openapi/document.ts).
  const described = describeRoute(spec) as MiddlewareHandler & Record<symbol, unknown>;
  return Object.assign(check, { [uniqueSymbol]: described[uniqueSymbol] });
}
