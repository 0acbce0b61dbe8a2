// What the recommender (worker/domain/recommendations) is given to decide on, and every bound of the reads that
// gather it, in one place: the SQL (recommendations.ts beside this file) and its TypeScript twin for the offline
// evaluation (domain/recommendations/cooccurrence.ts, bench/recommender/pool.ts) both read these, so neither can
// read more, or differently, than the other. No imports: Node runs the evaluation on these files directly.
export const LIMITS = {
  /** The viewer's likes and finished items read for the profile, most recent first. */
  profileLikes: 200,
  profileFinished: 200,
  /** Seeds per kind (likes, finished views) the viewer's taste is read from. */
  seedsPerKind: 50,
  /** (peer, seed) rows read per kind. */
  links: 3000,
  /** Nearest peers kept, by overlap with the seeds. */
  peers: 100,
  /** (peer, item) rows read per kind for the kept peers. */
  touches: 5000,
  /** Co-occurring items, newest tag matches and most popular items put in front of the model (≤ 250 rows). */
  coocCandidates: 150,
  tagCandidates: 60,
  popularCandidates: 40,
  /** "Popular" is measured over the latest likes and views, so it reads a fixed number of rows. */
  popularLikesWindow: 2000,
  popularViewsWindow: 5000,
  /** The fallback when the pool above leaves the list short: all-time popular, then newest, by others. */
  fallbackPopular: 40,
  fallbackNewest: 40,
} as const;

/** What the database knows about the viewer, most recent first in each list. */
export type ViewerProfile = {
  viewerId: string;
  liked: { id: string; tags: string }[];
  /** Items with at least one qualified view: the last one, and how many of today's views paid or will pay. */
  finished: { id: string; lastAt: string; paidToday: number }[];
};

/** One item the model may offer, with the features the candidate query computed. */
export type Candidate = {
  id: string;
  createdBy: string;
  createdAt: string;
  tags: string;
  /** Σ over peers of (peer's overlap with the seeds × peer's weight on this item); 0 when not co-occurring. */
  cooc: number;
  /** Likes + qualified views. */
  popularity: number;
};

/** An item the viewer's taste is read from, and its weight. */
export type Seed = [id: string, weight: number];
