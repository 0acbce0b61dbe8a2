import type { ChallengeProgressResponse } from "../../common/schemas/challenges";
import type { ChallengeEntry } from "../components/challenges/challenge-item";

// Answers of GET /api/challenges/progress as the API sends them, for the panel's tests.

type EntryOptions = Partial<Pick<ChallengeEntry, "is_completed" | "progress_value">> &
  Partial<ChallengeEntry["challenge"]>;

let sequence = 0;

export function makeEntry(name: string, options: EntryOptions = {}): ChallengeEntry {
  sequence += 1;
  const { is_completed = false, progress_value = 0, ...challenge } = options;
  return {
    id: `01J0000000000000000000H${sequence.toString().padStart(3, "0")}`,
    is_completed,
    progress_value,
    challenge: {
      name,
      description: `Description of ${name}`,
      bonus_amount: 25,
      requirement_type: "streams_completed",
      requirement_value: 1,
      ...challenge,
    },
  };
}

/** The seed's three $25 challenges (docs/product-spec.md §1: a $50–$100 sign-up bonus); `done` of them completed. */
export function seedChallenges(done = 0): ChallengeEntry[] {
  return [
    makeEntry("Watch 10 streams", {
      description: "Watch 10 different videos or tracks by other members, each to at least 80%.",
      requirement_value: 10,
      progress_value: done >= 1 ? 10 : 4,
      is_completed: done >= 1,
    }),
    makeEntry("Share your first upload", {
      description: "Upload one video or audio track.",
      requirement_type: "content_uploaded",
      progress_value: done >= 2 ? 1 : 0,
      is_completed: done >= 2,
    }),
    makeEntry("Get a viewer for every upload", {
      description:
        "Within a day of each of your uploads, another member on their own internet connection watches it to at least 80%.",
      requirement_type: "min_views_per_content",
      progress_value: done >= 3 ? 1 : 0,
      is_completed: done >= 3,
    }),
  ];
}

export function makeProgress(overrides: Partial<ChallengeProgressResponse> = {}): ChallengeProgressResponse {
  return { timeRemaining: 23.57, progress: seedChallenges(), bonus: null, ...overrides };
}
