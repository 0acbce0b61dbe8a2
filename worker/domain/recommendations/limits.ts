// Every bound of the recommender's reads, in one place: the SQL (worker/db/queries/recommendations.ts) and its
// TypeScript twin for the offline evaluation (cooccurrence.ts, bench/recommender/pool.ts) both read these, so
// neither can read more, or differently, than the other.
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
