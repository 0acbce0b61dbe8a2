import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { challengeChangeBody, challengeCreateBody } from "../../../common/schemas/admin-challenges";
import type { AppEnv } from "../../app-env";
import { challengeTotals, findChallenge, listChallenges, signOnAwards } from "../../db/queries/challenges";
import { challenges } from "../../db/schema";
import { auditStatement } from "../../db/queries/audit";
import { notFound } from "../../lib/errors";
import { ID_PATTERN, newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { validate } from "../../lib/validate";
import { adminChallengesJson, challengeJson } from "../serializers/challenge";

type ChallengeRow = typeof challenges.$inferSelect;

// Amounts are validated to whole cents, so this is exact.
const micros = (amount: number) => Math.round(amount * 100) * 10_000;

/** Admin: sign-on challenges and their bonus history (docs/product-spec.md §2 "Sign-On Challenges"). */
export const adminChallengeRoutes = new Hono<AppEnv>()
  .get("/challenges", async (c) => {
    const db = c.get("db");
    const [rows, awards, totals] = await Promise.all([listChallenges(db), signOnAwards(db, 200), challengeTotals(db)]);
    return c.json(adminChallengesJson(rows, awards, totals), 200);
  })
  .post("/challenges", validate("json", challengeCreateBody), async (c) => {
    const b = c.req.valid("json");
    const db = c.get("db");
    const now = nowIso();
    const row: ChallengeRow = {
      id: newId(),
      name: b.name,
      description: b.description,
      requirementType: b.requirement_type,
      requirementValue: b.requirement_value,
      bonusMicros: micros(b.bonus_amount),
      timeLimitHours: b.time_limit_hours,
      isActive: b.is_active,
      createdAt: now,
      updatedAt: now,
    };
    await db.batch([
      db.insert(challenges).values(row),
      auditStatement(db, { actorId: c.get("user")!.id, action: "create", entity: "challenge", entityId: row.id, after: challengeJson(row) }),
    ]);
    return c.json(challengeJson(row), 201);
  })
  .patch(`/challenges/:id${ID_PATTERN}`, validate("json", challengeChangeBody), async (c) => {
    const db = c.get("db");
    const before = await findChallenge(db, c.req.param("id"));
    if (!before) throw notFound("Challenge not found");
    const b = c.req.valid("json");
    const after: ChallengeRow = {
      ...before,
      name: b.name ?? before.name,
      description: b.description ?? before.description,
      requirementType: b.requirement_type ?? before.requirementType,
      requirementValue: b.requirement_value ?? before.requirementValue,
      bonusMicros: b.bonus_amount === undefined ? before.bonusMicros : micros(b.bonus_amount),
      timeLimitHours: b.time_limit_hours ?? before.timeLimitHours,
      isActive: b.is_active ?? before.isActive,
      updatedAt: nowIso(),
    };
    // Enrolled users keep the terms copied at enrolment: only users enrolled afterwards see the change.
    await db.batch([
      db.update(challenges).set(after).where(eq(challenges.id, before.id)),
      auditStatement(db, {
        actorId: c.get("user")!.id, action: "update", entity: "challenge", entityId: before.id,
        before: challengeJson(before), after: challengeJson(after),
      }),
    ]);
    return c.json(challengeJson(after), 200);
  });
