import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContentReportBody } from "../../common/schemas/moderation";
import { reportContent } from "../lib/moderation-api";
import { queryKeys } from "../lib/query-keys";

/**
 * A member's report of one item (docs/decisions/027). Sending again updates the member's open report rather than
 * adding one. The report changes nothing a member sees; the admin's moderation queue is out of date, so an
 * admin reporting from here finds it in the Moderation tab at once.
 */
export function useReportContent(contentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContentReportBody) => reportContent(contentId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
