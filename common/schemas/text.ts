import { z } from "zod";
import { memberTextMessages, memberTextProblem, type MemberTextRule } from "../member-text";

/**
 * A free-text field a member or an admin types (docs/decisions/106): trimmed, then held to `memberTextProblem`,
 * which counts UTF-16 units as the text box does (zod's own `.max` counts code points) and only visible
 * characters for "required" and a minimum. Not text at all: a required field's words, else "<label> must be text".
 */
export function memberText(rule: MemberTextRule) {
  const words = memberTextMessages(rule);
  const notText = rule.min === 1 ? words.required : `${rule.label} must be text`;
  return z
    .string(notText)
    .trim()
    .superRefine((text, ctx) => {
      const problem = memberTextProblem(text, rule);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** A field that must be there and be text: missing, it is "<field> is required"; another type, "<field> must be text". */
export const requiredString = (field: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) });
