import type {
  CommentModerationAction,
  ContentModerationAction,
  UserModerationAction,
} from "../../../common/moderation";
import { useModerate } from "../../queries/admin-moderation";
import { outcomeText } from "./moderation";

const contentDone: Record<ContentModerationAction, string> = {
  dismiss: "Reports dismissed",
  takedown: "Taken down",
  restore: "Restored",
};
const commentDone: Record<CommentModerationAction, string> = {
  dismiss: "Reports dismissed",
  takedown: "Comment taken down",
  restore: "Comment restored",
};
const userDone: Record<UserModerationAction, string> = { suspend: "Suspended", unsuspend: "Unsuspended" };

/**
 * Sends a moderation action and answers what the tab says about it. The note dialog reloads the admin
 * lists (everything under ["admin"], the member pages included); a takedown or restore also changes what
 * members see, which `useModerate` refreshes.
 */
export function useModerationActions() {
  const moderate = useModerate();
  return {
    async content(contentId: string, title: string, action: ContentModerationAction, note: string) {
      const { reversed_usd } = await moderate.content(contentId, action, note);
      return outcomeText(`${contentDone[action]}: ${title}`, reversed_usd);
    },
    /** A comment's action moves no money (docs/decisions/095). */
    async comment(commentId: string, authorName: string, action: CommentModerationAction, note: string) {
      await moderate.comment(commentId, action, note);
      return `${commentDone[action]}: by ${authorName}.`;
    },
    async user(userId: string, email: string, action: UserModerationAction, note: string) {
      const { reversed_usd } = await moderate.user(userId, action, note);
      return outcomeText(`${userDone[action]}: ${email}`, reversed_usd);
    },
  };
}
