import { useState } from "react";
import type { DeadLetterJson } from "../../../common/schemas/admin-dead-letters";
import { getDeadLetters, resendDeadLetter } from "../../lib/admin-api";
import { refusalOf } from "../../lib/api";
import { formatDate } from "../../lib/format";
import { queryKeys } from "../../lib/query-keys";
import { useAdminQuery, useRefreshAdminLists } from "../../queries/admin";
import { buttonClass } from "../ui";
import { ClampedText, num, Table, td, tdNum, tdText } from "./admin-ui";

// The queue messages that failed every retry (docs/decisions/079): a credit the cron will still make, a visit or an
// ad beacon not yet counted, or several gathered into one message (decision 087). Re-send puts one back in the queue
// it came from.

const KIND_WORDS: Record<DeadLetterJson["kind"], string> = {
  credit: "View credit",
  visit: "Page visit",
  beacon: "Ad beacon",
  traffic: "Visits and ad beacons",
  unknown: "Unknown",
};

export function DeadLettersPanel() {
  const refresh = useRefreshAdminLists();
  const { data } = useAdminQuery(queryKeys.admin.list("dead-letters"), getDeadLetters, "Failed to load dead letters");
  const [failure, setFailure] = useState<string | null>(null);

  if (!data || data.total === 0) return null;
  const resend = async (letter: DeadLetterJson) => {
    setFailure(null);
    try {
      await resendDeadLetter(letter.id);
    } catch (error) {
      setFailure(refusalOf(error) ?? "Could not send the message back. Please try again.");
    }
    refresh();
  };
  return (
    <section aria-labelledby="dead-letters" className="min-w-0 space-y-4">
      <h2 id="dead-letters" className="text-lg font-semibold">
        Dead letters ({data.total.toLocaleString("en-US")})
      </h2>
      {failure ? (
        <p role="alert" className="text-sm text-red-300">
          {failure}
        </p>
      ) : null}
      <Table
        caption="Dead-lettered queue messages"
        columns={["Kind", "Message", num("Attempts"), "Received", { label: "Actions", hidden: true }]}
      >
        {data.items.map((d) => (
          <tr key={d.id}>
            <td className={`${td} whitespace-nowrap`}>{KIND_WORDS[d.kind]}</td>
            <td className={tdText}>
              <ClampedText text={JSON.stringify(d.body)} />
            </td>
            <td className={tdNum}>{d.attempts}</td>
            <td className={`${td} whitespace-nowrap`}>{formatDate(d.received_at)}</td>
            <td className={`${td} whitespace-nowrap`}>
              {d.kind === "unknown" ? null : (
                <button type="button" className={buttonClass("secondary")} onClick={() => void resend(d)}>
                  Re-send
                </button>
              )}
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
