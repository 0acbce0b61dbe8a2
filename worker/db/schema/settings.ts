import { sqliteTable, text } from "drizzle-orm/sqlite-core";

// Key/value settings: ad settings (preroll_enabled, postroll_enabled, vast_url) and analytics config.
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull(),
});
