import { useQueryClient } from "@tanstack/react-query";
import { moderateContent, moderateUser } from "../../lib/moderation-api";
import { contentVisibilityMakesStale } from "../../lib/query-keys";
import type { ContentModerationAction, UserModerationAction } from "../../lib/types";
import { outcomeText } from "./moderation";

const contentDone: Record<ContentModerationAction, string> = { dismiss: "Reports dismissed", takedown: "Taken down", restore: "Restored" };
const userDone: Record<UserModerationAction, string> = { suspend: "Suspended", unsuspend: "Unsuspended" };

/**
 * Sends a moderation action and answers what the tab says about it. The note dialog reloads the admin
 * lists (everything under ["admin"], the member pages included); a takedown or restore also changes what
 * members see, so the gallery, search, the item and My Content load again wherever this tab shows them.
 */
export function useModerationActions() {
  const queryClient = useQueryClient();
  return {
    async content(contentId: string, title: string, action: ContentModerationAction, note: string) {
      const { reversed_usd } = await moderateContent(contentId, { action, note });
      if (action !== "dismiss") {
        void queryClient.invalidateQueries({ predicate: (query) => contentVisibilityMakesStale.includes(String(query.queryKey[0])) });
      }
      return outcomeText(`${contentDone[action]}: ${title}`, reversed_usd);
    },
    async user(userId: string, email: string, action: UserModerationAction, note: string) {
      const { reversed_usd } = await moderateUser(userId, { action, note });
      return outcomeText(`${userDone[action]}: ${email}`, reversed_usd);
    },
  };
}
