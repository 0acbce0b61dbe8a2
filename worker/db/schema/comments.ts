import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { content } from "./content";
import { users } from "./users";

// Comments under items (docs/decisions/093). A comment is talk, not a view: no money rule reads this table.
export const comments = sqliteTable(
  "comments",
  {
    // A ULID: ordered by creation time, so the newest-first walk and the replies' oldest-first walk are by id.
    id: text("id").primaryKey(),
    contentId: text("content_id")
      .notNull()
      .references(() => content.id),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The top comment a reply belongs to (one level: a reply to a reply attaches to the top comment); null for a
    // top comment.
    parentId: text("parent_id"),
    body: text("body").notNull(),
    // Replies not deleted; kept on the top comment so "top" sorts without counting (docs/decisions/093).
    replyCount: integer("reply_count").notNull().default(0),
    createdAt: text("created_at").notNull(),
    editedAt: text("edited_at"),
    // Soft delete: a deleted top comment with replies shows "Comment removed"; any other deleted one is not shown.
    deletedAt: text("deleted_at"),
    // The item's creator pins one comment per item; pinning another unpins it in the same statement.
    pinnedAt: text("pinned_at"),
    // Taken down by moderators (docs/decisions/095): hidden from everyone but its author, its text kept so the
    // author sees what was removed and may appeal. `removed_note` is shown to the author.
    removedAt: text("removed_at"),
    removedNote: text("removed_note"),
    removedBy: text("removed_by"),
  },
  (t) => [
    check("comments_body_length_check", sql`length(${t.body}) between 1 and 2000`),
    // Every read: an item's top comments (parent_id is null) newest first, a page's replies by parent, the
    // count and the pinned one; all walk this range of the item.
    index("comments_content_parent_idx").on(t.contentId, t.parentId, t.id),
    // A member's comments: the comment takedowns in their moderation record and their list of appealable actions.
    index("comments_author_idx").on(t.authorId, t.id),
    // The moderators' list of taken-down comments, latest takedown first: taken-down rows only.
    index("comments_removed_idx")
      .on(t.removedAt)
      .where(sql`${t.removedAt} is not null`),
  ],
);
