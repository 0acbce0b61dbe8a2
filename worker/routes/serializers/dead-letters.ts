import type { z } from "zod";
import type { deadLetterResentOut, deadLettersOut, DeadLetterJson } from "../../../common/schemas/admin-dead-letters";
import type { DeadLetterRow } from "../../db/queries/queues/dead-letters";

const kindJson = (kind: string): DeadLetterJson["kind"] =>
  kind === "credit" || kind === "visit" || kind === "beacon" || kind === "traffic" ? kind : "unknown";

/** The admin's list: each kept body parsed back into the JSON the message carried. */
export const deadLettersJson = (list: { rows: DeadLetterRow[]; total: number }): z.input<typeof deadLettersOut> => ({
  items: list.rows.map((r) => ({
    id: r.id,
    kind: kindJson(r.kind),
    body: JSON.parse(r.body) as unknown,
    attempts: r.attempts,
    received_at: r.received_at,
  })),
  total: list.total,
});

export const deadLetterResentJson = (sent: { id: string; kind: string }): z.input<typeof deadLetterResentOut> => ({
  id: sent.id,
  kind: kindJson(sent.kind),
});
