import { type EarnBlock, MEDIA_FLOOR_TEXTS } from "../../../common/media-floor";
import { useEarningRules } from "../../queries/earning-rules";

// Only real media earns (docs/decisions/063): what the creator reads next to an item whose views can't earn,
// at upload, in My Content and in the studio. The words are common/media-floor.ts's, as the player's are.

type WontEarnProps = { block: EarnBlock; className?: string };

/** "Won't earn: …" as a badge; `too_short` names the admin's current minimum, which the rules query knows. */
export function WontEarn({ block, className = "" }: WontEarnProps) {
  return (
    <p
      className={`inline-flex max-w-full items-start gap-1.5 rounded-lg bg-amber-500/15 px-2 py-1 text-xs text-amber-300 ${className}`}
    >
      <span aria-hidden="true">⚠</span>
      <span className="wrap-anywhere">
        Won't earn: {block === "too_short" ? <TooShort /> : MEDIA_FLOOR_TEXTS[block]}
      </span>
    </p>
  );
}

/**
 * Only an item under the minimum length asks for the rules: the media floors are fixed. Until the rules arrive
 * (at upload the server's verdict may come first), it says so without a number rather than guess the minimum.
 */
function TooShort() {
  const minSeconds = useEarningRules()?.min_earning_seconds;
  return minSeconds === undefined ? <>too short</> : <>shorter than {minSeconds} s</>;
}
