import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { badRequest } from "./errors";

/** zod validation for a body/query/param with the API's one error shape; the message names the field. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join(".");
      const message = issue?.message ?? "Invalid input";
      throw badRequest(field ? `${field}: ${message}` : message);
    }
  });
}
