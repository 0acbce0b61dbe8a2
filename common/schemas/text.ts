import { z } from "zod";
import { memberTextMessages, memberTextProblem, visibleLength, type MemberTextRule } from "../member-text";

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

/**
 * An optional free-text field kept as null when left out: absent, null, empty or only invisible characters
 * (nothing an audit could read) is null; anything else is held to the same rule as `memberText`.
 */
export const optionalMemberText = (rule: Omit<MemberTextRule, "min">) =>
  memberText(rule)
    .nullish()
    .transform((text) => (text && visibleLength(text) > 0 ? text : null));

/** A field that must be there and be text: missing, it is "<field> is required"; another type, "<field> must be text". */
export const requiredString = (field: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) });
