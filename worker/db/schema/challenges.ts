import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { REQUIREMENT_TYPES } from "../../../common/challenges";
import { users } from "./users";

export const challenges = sqliteTable(
  "challenges",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    requirementType: text("requirement_type", { enum: REQUIREMENT_TYPES }).notNull(),
    requirementValue: integer("requirement_value").notNull(),
    bonusMicros: integer("bonus_micros").notNull(),
    timeLimitHours: integer("time_limit_hours").notNull().default(24),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    check("challenges_value_check", sql`${t.requirementValue} >= 0`),
    check("challenges_bonus_check", sql`${t.bonusMicros} >= 0`),
    check("challenges_hours_check", sql`${t.timeLimitHours} >= 1`),
  ],
);

// A user's copy of a challenge, taken at enrolment: later edits to the challenge only affect new users.
export const challengeProgress = sqliteTable(
  "challenge_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    challengeId: text("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    requirementType: text("requirement_type", { enum: REQUIREMENT_TYPES }).notNull(),
    requirementValue: integer("requirement_value").notNull(),
    bonusMicros: integer("bonus_micros").notNull(),
    enrolledAt: text("enrolled_at").notNull(),
    deadlineAt: text("deadline_at").notNull(),
    progressValue: integer("progress_value").notNull().default(0),
    completedAt: text("completed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.challengeId] }),
    // Admin statistics (users completed per challenge).
    index("challenge_progress_challenge_idx").on(t.challengeId, t.completedAt),
  ],
);
