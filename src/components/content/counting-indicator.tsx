import { MEDIA_FLOOR_TEXTS } from "../../../common/media-floor";
import { formatUsd } from "../../lib/format";
import type { CountingStatus, NotEarningReason } from "../../lib/counting-status";
import { defaultEarningRules } from "../../queries/earning-rules";

// The player's "is this view counting?" line (docs/product-spec.md "Is this view counting?"; docs/decisions/035).

// The reward is fixed by the rules (docs/architecture.md §4 "A view"); only the limits are an admin's to tune.
const reward = formatUsd(defaultEarningRules.reward_usd);

/** Why a view does not earn, in the words the wallet uses for the same reasons (components/wallet/view-reasons.ts). */
export const notEarningTexts: Record<NotEarningReason, string> = {
  own_content: "your own content doesn't earn",
  too_short: "this item is too short to earn",
  suspended: "your account is suspended",
  removed: "this item was removed by moderators",
  item_daily_cap: `you already earned ${defaultEarningRules.views_per_item_per_day} times from this item today (again from 00:00 UTC)`,
  daily_cap: "daily limit of paid views reached (again from 00:00 UTC)",
  too_fast: "progress came faster than it plays (skipping ahead doesn't count)",
  another_session: "you started playing something else, in this tab or another",
  // The media floors (docs/decisions/063): the item can never earn, whoever watches it.
  thin_media: `this item can't earn: ${MEDIA_FLOOR_TEXTS.thin_media}`,
  small_picture: `this item can't earn: ${MEDIA_FLOOR_TEXTS.small_picture}`,
  low_frame_rate: `this item can't earn: ${MEDIA_FLOOR_TEXTS.low_frame_rate}`,
};

// The share of the item a view must be watched for; fixed like the reward (docs/architecture.md §4 "A view").
const qualifyPercent = defaultEarningRules.qualify_percent;

/**
 * How far the view is from the share that earns. Past it, the view waits only for the media's bytes to have
 * reached this device (docs/decisions/029), which the player goes on loading by itself.
 */
function progressText(watched: number | undefined): string {
  if (watched === undefined) return "";
  if (watched >= qualifyPercent) return ` — watched enough; waiting for the rest of the media to load`;
  return ` — ${watched} % watched, ${qualifyPercent} % earns`;
}

function countingText(status: Exclude<CountingStatus, null>): string {
  switch (status.state) {
    case "counting":
      return `Counting toward ${reward}${progressText(status.watched)}`;
    case "earned":
      return `Qualified for ${reward} — your wallet shows it within a minute`;
    case "not_earning":
      return `Not earning: ${notEarningTexts[status.reason]}`;
  }
}

const tone = { counting: "text-violet-300", earned: "text-emerald-300", not_earning: "text-slate-400" } as const;

/**
 * A small live line under the player. The live region is always there (screen readers announce changes only
 * in a region that already exists); it holds text once a view has started.
 */
export function CountingIndicator({ status }: { status: CountingStatus }) {
  return (
    <p aria-live="polite" className={`min-h-5 text-sm ${status ? tone[status.state] : ""}`}>
      {status ? countingText(status) : null}
    </p>
  );
}
