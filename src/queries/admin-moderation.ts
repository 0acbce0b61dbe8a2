import { useQueryClient } from "@tanstack/react-query";
import { moderateContent, moderateUser } from "../lib/moderation-api";
import { contentVisibilityMakesStale } from "../lib/query-keys";
import type { ContentModerationAction, UserModerationAction } from "../../common/moderation";

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
    user: (userId: string, action: UserModerationAction, note: string) => moderateUser(userId, { action, note }),
  };
}
