import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReportReason } from "../../common/moderation";
import { reportComment, reportContent } from "../lib/moderation-api";
import { queryKeys } from "../lib/query-keys";

/** What a member reports: an item (docs/decisions/027) or a comment (docs/decisions/095). */
export type ReportTarget =
  { kind: "content"; id: string; title: string } | { kind: "comment"; id: string; authorName: string };

type ReportSent = { created_at: string; updated_at: string };

/**
 * A member's report of one item or comment. Sending again updates the member's open report rather than adding
 * one. The report changes nothing a member sees; the admin's moderation queue is out of date, so an admin
 * reporting from here finds it in the Moderation tab at once.
 */
export function useReport(target: ReportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    // Both answers carry the report's times, which is all the dialog reads.
    mutationFn: ({ reason, note }: { reason: ReportReason; note: string }): Promise<ReportSent> =>
      target.kind === "content"
        ? reportContent(target.id, { reason, note })
        : reportComment(target.id, { reason, details: note }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
