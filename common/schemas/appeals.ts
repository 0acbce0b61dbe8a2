import { z } from "zod";
import { APPEAL_NOTE_MAX, APPEAL_OUTCOMES, APPEAL_STATUSES, APPEAL_TEXT_MAX, APPEAL_TEXT_MIN } from "../appeals";
import { ID_REGEX } from "../ids";
import { REPORT_REASONS } from "../moderation";
import { memberText, requiredString } from "./text";

// Appeals (docs/decisions/092): a member appeals a moderation action against them; an admin upholds or reverses.

/** POST /api/appeals: the action (its id from GET /api/me/appeals) and why it should be looked at again. */
export const appealBody = z.object({
  action_id: requiredString("action_id").regex(ID_REGEX, "action_id must be a moderation action id"),
  text: memberText({ label: "text", min: APPEAL_TEXT_MIN, max: APPEAL_TEXT_MAX, multiline: true }),
});
export type AppealBody = z.input<typeof appealBody>;

/** GET /api/admin/appeals: open appeals (the default, oldest first) or decided ones (latest first). */
export const adminAppealsQuery = z.object({
  status: z.enum(["open", "decided"], "status must be open or decided").default("open"),
});

/** POST /api/admin/appeals/{id}/decision. The note is shown to the member. */
export const appealDecisionBody = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, "outcome must be upheld or reversed"),
  note: memberText({ label: "note", max: APPEAL_NOTE_MAX, multiline: true }).default(""),
});
export type AppealDecisionBody = z.input<typeof appealDecisionBody>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

const appealStatusOut = z.enum(APPEAL_STATUSES);
/** An item's takedown, a suspension, or a comment's takedown (docs/decisions/095). */
const appealedActionOut = z.enum(["takedown", "suspend", "comment_takedown"]);

/** A member's appeal as they see it. */
const appealOut = z.object({
  id: z.string(),
  text: z.string(),
  /** open; upheld (the action stands); reversed (undone); moot (undone another way before a decision). */
  status: appealStatusOut,
  /** The admin's words on the decision; '' when none. */
  decision_note: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type AppealJson = z.output<typeof appealOut>;

/** POST /api/appeals: the new appeal. */
export const appealCreatedOut = z.object({ appeal: appealOut });
export type AppealCreatedResponse = z.output<typeof appealCreatedOut>;

/** One action against the member (a takedown of their item, their suspension) and their appeal of it. */
const myAppealActionOut = z.object({
  action_id: z.string(),
  action: appealedActionOut,
  /** The item, for a takedown; the item the comment is under, for a comment takedown. */
  content_id: z.string().nullable(),
  title: z.string().nullable(),
  /** The comment, for a comment takedown: its id and words. */
  comment: z.object({ id: z.string(), text: z.string() }).nullable(),
  /** The moderators' note on the action. */
  note: z.string(),
  acted_at: z.string(),
  /** Still in force: the item still taken down, the member still suspended, by this action. */
  in_force: z.boolean(),
  /** The last moment an appeal is taken. */
  appeal_until: z.string(),
  /** In force, not appealed yet, within the window. */
  can_appeal: z.boolean(),
  appeal: appealOut.nullable(),
});
export type MyAppealActionJson = z.output<typeof myAppealActionOut>;

/** GET /api/me/appeals: the actions against the caller, newest first, with their appeals. */
export const myAppealsOut = z.object({ actions: z.array(myAppealActionOut) });
export type MyAppealsResponse = z.output<typeof myAppealsOut>;

/** An appeal as the admins see it: the member, the action with its note and reports, the appeal and its decision. */
const adminAppealOut = appealOut.extend({
  decided_by_email: z.string().nullable(),
  member: z.object({ id: z.string(), name: z.string(), email: z.string(), suspended: z.boolean() }),
  action: z.object({
    id: z.string(),
    action: appealedActionOut,
    note: z.string(),
    /** "(deleted user)" when the admin's account is gone. */
    actor_email: z.string(),
    acted_at: z.string(),
    /** The item, for a takedown; the item the comment is under, for a comment takedown. */
    content: z.object({ id: z.string(), title: z.string(), removed: z.boolean(), deleted: z.boolean() }).nullable(),
    /** The comment, for a comment takedown: its words, and whether it is still taken down, or deleted. */
    comment: z.object({ id: z.string(), text: z.string(), removed: z.boolean(), deleted: z.boolean() }).nullable(),
  }),
  /** The reports behind the action, newest first (at most 10). */
  reports: z.array(z.object({ reason: z.enum(REPORT_REASONS), note: z.string(), created_at: z.string() })),
  /**
   * The view rewards the action reversed that reversing gives back, both sides (docs/decisions/096): for an open
   * appeal, what reversing would give back now; for a reversed one, what it gave back; 0 otherwise.
   */
  give_back_usd: z.number(),
});
export type AdminAppealJson = z.output<typeof adminAppealOut>;

/** GET /api/admin/appeals. */
export const adminAppealsOut = z.object({ appeals: z.array(adminAppealOut) });
export type AdminAppealsResponse = z.output<typeof adminAppealsOut>;

/** POST /api/admin/appeals/{id}/decision: the appeal after the decision. */
export const appealDecisionOut = z.object({ appeal: adminAppealOut });
export type AppealDecisionResponse = z.output<typeof appealDecisionOut>;
