// Comments under items (docs/decisions/093): the limits the API checks and the comment section shows.

/** The longest comment, in characters (UTF-16 code units, as the text box counts them). */
export const COMMENT_MAX = 2000;
/** Top comments a page holds. */
export const COMMENTS_PAGE = 20;
/** Replies shown under a top comment before "Show more replies" (oldest first), and a page of more. */
export const REPLIES_PAGE = 20;
/** An account younger than this many days posts under the stricter limits, and its links are plain text. */
export const NEW_ACCOUNT_DAYS = 7;

export const COMMENT_SORTS = ["newest", "top"] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/** What a removed top comment that still has replies shows in place of its text. */
export const COMMENT_REMOVED_LABEL = "Comment removed";
