import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Messages that failed every retry of their queue (docs/decisions/079), kept by the dead-letter queue's consumer
// until an admin sends them back (Jobs → Dead letters). Few rows: nothing lands here while D1 answers.
export const deadLetters = sqliteTable("dead_letters", {
  // The queue message's own id, so a dead letter delivered twice is kept once.
  id: text("id").primaryKey(),
  // credit, visit, beacon (worker/domain/queues/messages.ts), or unknown.
  kind: text("kind").notNull(),
  // The message body as JSON.
  body: text("body").notNull(),
  attempts: integer("attempts").notNull(),
  receivedAt: text("received_at").notNull(),
});
