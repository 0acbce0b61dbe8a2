import type { ChallengeJson } from "../../../common/schemas/challenges";

// The challenge's own type, not the progress entry's: the entry's component imports this file.
type Requirement = Pick<ChallengeJson, "requirement_type" | "requirement_value">;

/**
 * What a challenge asks, in plain words, from its requirement as the server counts it
 * (worker/db/queries/challenges/challenge-progress.ts, docs/decisions/016 and 031) rather than from the admin's free-text
 * description, which cannot be trusted to match (docs/decisions/034: "Get your first viewer" needs a viewer for every
 * upload). `qualifyPercent` is the earning rule's share of an item that counts as watched.
 */
export function requirementText(
  { requirement_type: type, requirement_value: n }: Requirement,
  qualifyPercent: number,
): string {
  switch (type) {
    case "streams_completed":
      return n === 1
        ? `Watch a video or track by another member to at least ${qualifyPercent}%.`
        : `Watch ${n} different videos or tracks by other members, each to at least ${qualifyPercent}%.`;
    case "content_uploaded":
      return n === 1 ? "Upload a video or audio track." : `Upload ${n} videos or audio tracks.`;
    case "min_views_per_content":
      return n === 1
        ? `Get a viewer for every upload: within a day of each of your uploads, another member on their own internet connection watches it to at least ${qualifyPercent}%.`
        : `Get ${n} independent viewers on each of your uploads: within a day of each upload, ${n} other members, each on their own internet connection, watch it to at least ${qualifyPercent}%.`;
  }
}
