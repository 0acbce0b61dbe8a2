import { MICROS_PER_USD } from "../../../common/money";
import { formatUsd } from "../../lib/format";

/** One changed field of an audited record: its value before and after (undefined: not there). */
export type FieldChange = { field: string; before?: string; after?: string };

/** Who a user id is, for showing `user_id` values as emails. */
export type UserNames = ReadonlyMap<string, string>;

const MICROS = MICROS_PER_USD;
const BOOKKEEPING = new Set(["id", "created_at", "updated_at"]);

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Audit records are written by several routes, some in micro-dollars (`amount_micros`), some in dollars
 * (`amount_usd`), some in camelCase: every field is brought to one name and to dollars, so a before and
 * an after written differently still compare.
 */
function normalise(record: unknown, names: UserNames): Map<string, string> {
  const fields = new Map<string, string>();
  if (record === null || record === undefined) return fields;
  const entries: [string, unknown][] =
    typeof record === "object" && !Array.isArray(record) ? Object.entries(record) : [["value", record]];
  for (const [rawKey, value] of entries) {
    const key = snakeCase(rawKey);
    if (BOOKKEEPING.has(key)) continue;
    const money = /^(.*)_(micros|usd)$/.exec(key);
    if (money && typeof value === "number") {
      fields.set(money[1], formatUsd(money[2] === "micros" ? value / MICROS : value));
    } else if (key === "user_id" && typeof value === "string") {
      fields.set("user", names.get(value) ?? value);
    } else {
      fields.set(key, value === null || value === "" ? "—" : typeof value === "string" ? value : JSON.stringify(value));
    }
  }
  return fields;
}

/**
 * What an audit entry changed, compactly: for an update only the fields that differ, for a create or a
 * delete every field of the record.
 */
export function describeChange(before: unknown, after: unknown, names: UserNames = new Map()): FieldChange[] {
  const b = normalise(before, names);
  const a = normalise(after, names);
  const both = before != null && after != null;
  return [...new Set([...b.keys(), ...a.keys()])]
    .filter((field) => !both || b.get(field) !== a.get(field))
    .map((field) => ({ field, before: b.get(field), after: a.get(field) }));
}
