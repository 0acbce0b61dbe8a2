import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type { ZodType } from "zod";
import { badRequest } from "./errors";

type IssuePath = ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;

const fieldOf = (path: IssuePath) =>
  (path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".");

/**
 * zod validation for a body/query/param with the API's one error shape; the message names the field.
 * hono-openapi's validator also records the schema on the route, so GET /api/openapi.json documents every
 * request body and query from the same schema that checks it (docs/decisions/024).
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return validator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error[0];
      const field = fieldOf(issue?.path);
      const message = issue?.message ?? "Invalid input";
      throw badRequest(field ? `${field}: ${message}` : message);
    }
  });
}
