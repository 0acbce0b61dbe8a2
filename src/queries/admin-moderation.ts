import { useQueryClient } from "@tanstack/react-query";
import { moderateComment, moderateContent, moderateUser } from "../lib/moderation-api";
import { contentVisibilityMakesStale } from "../lib/query-keys";
import type { CommentModerationAction, ContentModerationAction, UserModerationAction } from "../../common/moderation";

/**
 * Sends an admin's moderation action and answers the server's outcome. A takedown or restore also changes
 * what members see, so the gallery, search, the item and My Content load again wherever the admin's own
 * screens show them; the admin lists are reloaded by the dialog that sent it.
 */
export function useModerate() {
  const queryClient = useQueryClient();
  return {
    async content(contentId: string, action: ContentModerationAction, note: string) {
      const outcome = await moderateContent(contentId, { action, note });
      if (action !== "dismiss") {
        void queryClient.invalidateQueries({
          predicate: (query) => contentVisibilityMakesStale.includes(String(query.queryKey[0])),
        });
      }
      return outcome;
    },
    /** A comment takedown or restore changes what the item's comment section shows (docs/decisions/095). */
    async comment(commentId: string, action: CommentModerationAction, note: string) {
      const outcome = await moderateComment(commentId, { action, note });
      if (action !== "dismiss") void queryClient.invalidateQueries({ queryKey: ["comments"] });
      return outcome;
    },
    user: (userId: string, action: UserModerationAction, note: string) => moderateUser(userId, { action, note }),
  };
}
