import { getTableName } from "drizzle-orm";
import type { Db } from "../../client";
import { challenges } from "../../schema";
import { prepareShared, rowAuditSql } from "../audit/audited-change";
import { rowColumnsSql } from "../row-columns";
import type { ChallengeRow } from "../rows";

// An admin's challenge writes (docs/decisions/041): one D1 batch each, holding the write, its audit row and the
// row read back. An update sets only the fields it names, in SQL, so two admins changing different fields at
// once both keep their change, and its audit row is selected from the row in the same batch (the row as it
// was, not as an earlier read saw it).

const TABLE = getTableName(challenges);

// The audit log's record of a challenge, in the API's shape (routes/serializers/challenge.ts: USD, booleans),
// as the route-built audit rows before it were. `v` gives each column's value (the row's, or the new one).
const challengeAuditJson = (v: (column: string) => string) =>
  `json_object('id', c.id, 'name', ${v("name")}, 'description', ${v("description")},
     'requirement_type', ${v("requirement_type")}, 'requirement_value', ${v("requirement_value")},
     'bonus_amount', ${v("bonus_micros")} / 1000000.0, 'time_limit_hours', ${v("time_limit_hours")},
     'is_active', json(case when ${v("is_active")} then 'true' else 'false' end),
     'created_at', c.created_at, 'updated_at', ${v("updated_at")})`;

const readBack = `select ${rowColumnsSql(challenges, "c")} from ${TABLE} c where c.id = ?1`;

// Shared parameters: ?1 id, ?2 name, ?3 description, ?4 requirement type, ?5 requirement value, ?6 bonus
// (micro-dollars), ?7 time limit (hours), ?8 active (1/0), ?9 now, ?10 the audit row's id, ?11 the admin.
type Params = [
  string,
  string | null,
  string | null,
  string | null,
  number | null,
  number | null,
  number | null,
  0 | 1 | null,
  string,
  string,
  string,
];

async function run(db: Db, writeAt: number, texts: string[], params: Params) {
  const results = await db.$client.batch(texts.map((text) => prepareShared(db.$client, text, params)));
  const written = (results[writeAt]!.meta.changes ?? 0) > 0;
  const found = results.at(-1)!.results[0] as (Omit<ChallengeRow, "isActive"> & { isActive: number }) | undefined;
  // A raw read gives the boolean column as 0/1.
  return { written, row: found ? ({ ...found, isActive: Boolean(found.isActive) } satisfies ChallengeRow) : null };
}

export type NewChallengeRow = Omit<ChallengeRow, "createdAt" | "updatedAt">;
export type ChallengeFields = Partial<Omit<NewChallengeRow, "id">>;
export type Audited = { now: string; auditId: string; actorId: string };

const fieldParams = (f: ChallengeFields) =>
  [
    f.name ?? null,
    f.description ?? null,
    f.requirementType ?? null,
    f.requirementValue ?? null,
    f.bonusMicros ?? null,
    f.timeLimitHours ?? null,
    f.isActive === undefined ? null : f.isActive ? 1 : 0,
  ] as const;

/** Inserts a challenge and its audit row; returns the row as written. */
export async function insertChallenge(db: Db, c: NewChallengeRow & Audited) {
  const { row } = await run(
    db,
    0,
    [
      `insert into ${TABLE} (id, name, description, requirement_type, requirement_value, bonus_micros, time_limit_hours, is_active, created_at, updated_at)
     values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)`,
      rowAuditSql({
        action: "create",
        entity: "challenge",
        table: TABLE,
        alias: "c",
        where: "c.id = ?1",
        before: null,
        after: challengeAuditJson((col) => `c.${col}`),
        id: "?10",
        actor: "?11",
        now: "?9",
      }),
      readBack,
    ],
    [c.id, ...fieldParams(c), c.now, c.auditId, c.actorId],
  );
  return row!;
}

/** Each column an update may set, and its parameter (null: keep the row's value). */
const SET: Record<string, string> = {
  name: "?2",
  description: "?3",
  requirement_type: "?4",
  requirement_value: "?5",
  bonus_micros: "?6",
  time_limit_hours: "?7",
  is_active: "?8",
};

/**
 * Sets the named fields of a challenge (the others as they are in the row at that moment), audited in the
 * same batch. `row` is null when there is no such challenge. Enrolled members keep the terms copied at
 * enrolment (challenge_progress), so only later enrolments see the change.
 */
export async function updateChallenge(db: Db, id: string, f: ChallengeFields & Audited) {
  const p = fieldParams(f);
  const value = (col: string) =>
    col === "updated_at" ? "?9" : SET[col] ? `coalesce(${SET[col]}, c.${col})` : `c.${col}`;
  return run(
    db,
    1,
    [
      rowAuditSql({
        action: "update",
        entity: "challenge",
        table: TABLE,
        alias: "c",
        where: "c.id = ?1",
        before: challengeAuditJson((col) => `c.${col}`),
        after: challengeAuditJson(value),
        id: "?10",
        actor: "?11",
        now: "?9",
      }),
      `update ${TABLE} as c set ${Object.entries(SET)
        .map(([col, param]) => `${col} = coalesce(${param}, c.${col})`)
        .join(", ")}, updated_at = ?9
     where c.id = ?1`,
      readBack,
    ],
    [id, ...p, f.now, f.auditId, f.actorId],
  );
}
