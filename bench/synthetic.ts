// Deterministic synthetic catalogue for the benchmarks: item i (0-based) always gets the same id, creator,
// title, description, tags, type, duration and created_at, so growing the database 1k → 10k → 100k adds
// items without touching the ones already there, and every run measures the same data.
//
// Pure TypeScript with no runtime-specific types: the bench Worker uses it to build the INSERTs, and the
// Node runner imports the query words from it.
import { mulberry32 } from "./lib/random.ts";

/** Words in rough frequency order: a Zipf draw over this list (then a generated tail) builds the text. */
const COMMON_WORDS = `
live new best easy home how day night music video guide first full part world life time love story way
quick simple week city real summer winter old big little great good light dark morning evening cooking
recipe travel walk road trip tour review tutorial lesson beginner advanced tips tricks secrets street food
kitchen dinner lunch breakfast coffee bread pasta soup salad cake chocolate garden plants flowers forest
mountain river lake ocean beach island desert rain snow storm sunset sunrise sky stars moon space rocket
science history art design paint drawing photo camera film cinema studio session acoustic guitar piano
drums bass violin jazz blues rock folk pop electronic ambient lofi chill beats remix cover song album
track playlist podcast episode interview talk news update behind scenes making building project workshop
repair wood metal craft knitting sewing pottery game gaming speedrun stream highlights match league team
football basketball tennis cycling running training workout yoga stretch meditation sleep focus study
coding javascript python rust database server cloud network security linux keyboard desk setup tour gear
unboxing comparison budget premium vintage classic modern retro future tiny huge secret hidden lost found
wild animals birds cats dogs horses ocean whales farm village market festival parade concert wedding
family kids school university exam history ancient castle temple museum library train station airport
flight ferry bus bicycle scooter car engine electric solar wind energy battery weather climate arctic
tropical jungle volcano canyon valley bridge tower harbour lighthouse night market spicy sweet sour
vegan grill barbecue noodles rice curry dumplings tacos pizza burger sandwich tea matcha smoothie juice
dance ballet theatre comedy sketch drama mystery thriller horror documentary animation puppet magic
lecture debate philosophy economics finance investing saving money career interview resume startup
`;

const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ren",
  "ta",
  "vo",
  "shi",
  "bel",
  "dra",
  "nu",
  "per",
  "qui",
  "zan",
  "tor",
  "eli",
  "gra",
  "mo",
  "sen",
  "ul",
  "fay",
];

/** Generated tail words ("kalomi", "rendra"...): the long tail that makes rare terms rare. */
function tailWords(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const a = SYLLABLES[i % 20]!;
    const b = SYLLABLES[Math.floor(i / 20) % 20]!;
    const c = SYLLABLES[Math.floor(i / 400) % 20]!;
    out.push(a + b + c);
  }
  return out;
}

const REAL = [...new Set(COMMON_WORDS.split(/\s+/).filter(Boolean))];
export const VOCABULARY: readonly string[] = [...REAL, ...tailWords(3000)];

export const TAGS: readonly string[] = [
  "music",
  "cooking",
  "travel",
  "gaming",
  "tutorial",
  "vlog",
  "nature",
  "science",
  "comedy",
  "sports",
  "fitness",
  "diy",
  "art",
  "tech",
  "news",
  "podcast",
  "history",
  "animals",
  "kids",
  "education",
  "jazz",
  "rock",
  "lofi",
  "ambient",
  "electronic",
  "acoustic",
  "piano",
  "guitar",
  "vegan",
  "baking",
  "hiking",
  "cycling",
  "camping",
  "space",
  "coding",
  "design",
  "photography",
  "film",
  "drawing",
  "crafts",
  "yoga",
  "meditation",
  "asmr",
  "review",
  "unboxing",
  "documentary",
  "interview",
  "live",
  "remix",
  "cover",
];

/** The words the search benchmark uses; their document counts are reported with each size. */
export const QUERY_WORDS = {
  /** A frequent word: about 27 % of the catalogue at every size. */
  common: "travel",
  /** A tail word: 2 matches at 1k, 26 at 10k, about 220 at 100k. */
  rare: "elimiren",
  /** In exactly 3 items at every size: the cost of the index lookup alone, without a growing result. */
  unique: "zyzzyva",
  /** A 3-letter prefix of several words (bread, breakfast...): about 11 % of the catalogue. */
  prefix: "bre",
} as const;

const UNIQUE_ITEMS = 3;

/** Creators are drawn from a fixed pool with a heavy skew: creator 0 owns ~8 % of everything. */
export const CREATOR_POOL = 2000;
const EPOCH = Date.parse("2023-06-01T00:00:00.000Z");
/** Mean time between two uploads: 100k items span about 2.9 years. */
const GAP_MS = 15 * 60 * 1000;

// ---- small deterministic helpers ----

function zipfCdf(n: number, s: number): Float64Array {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) cdf[r] = sum += 1 / Math.pow(r + 1, s);
  for (let r = 0; r < n; r++) cdf[r]! /= sum;
  return cdf;
}

function draw(cdf: Float64Array, u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const WORD_CDF = zipfCdf(VOCABULARY.length, 1.0);
const TAG_CDF = zipfCdf(TAGS.length, 0.9);

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ULID-shaped id: 10 characters of time, then 16 characters made from `serial` (unique per serial). */
export function ulidLike(timeMs: number, serial: number, salt: number): string {
  let time = "";
  let t = timeMs;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  let tail = "";
  let s = serial;
  for (let i = 0; i < 8; i++) {
    tail = CROCKFORD[s % 32]! + tail;
    s = Math.floor(s / 32);
  }
  const r = mulberry32(serial * 7919 + salt);
  let noise = "";
  for (let i = 0; i < 8; i++) noise += CROCKFORD[Math.floor(r() * 32)]!;
  return time + noise + tail;
}

// ---- rows ----

export type SyntheticUser = { id: string; email: string; username: string | null; createdAt: string };

export type SyntheticContent = {
  id: string;
  title: string;
  description: string;
  type: "video" | "audio";
  tags: string;
  r2Key: string;
  mediaSize: number;
  mediaContentType: string;
  thumbnailKey: string | null;
  durationMs: number;
  /** Qualified views so far, skewed: most items few, a few many (for sort=views, docs/decisions/100). */
  viewCount: number;
  createdBy: string;
  createdAt: string;
};

export function syntheticUser(k: number): SyntheticUser {
  const r = mulberry32(k * 104729 + 17);
  const created = EPOCH - 90 * 86_400_000 + k * 3_600_000;
  const word = () => VOCABULARY[draw(WORD_CDF, r())]!;
  // One creator in ten never picked a username: their name is the email's local part.
  const username = r() < 0.1 ? null : `${word()}_${word()}${k}`.slice(0, 30);
  return {
    id: ulidLike(created, k, 1),
    email: `creator${k}@bench.example`,
    username,
    createdAt: new Date(created).toISOString(),
  };
}

const creatorIds: string[] = [];
const creatorId = (k: number) => (creatorIds[k] ??= syntheticUser(k).id);

export const creatorIndexOf = (r: number) => Math.min(CREATOR_POOL - 1, Math.floor(CREATOR_POOL * r * r * r));

const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);

export function syntheticContent(i: number): { item: SyntheticContent; creator: number } {
  const r = mulberry32(i * 2654435761 + 12345);
  const words = (n: number) => Array.from({ length: n }, () => VOCABULARY[draw(WORD_CDF, r())]!);
  const creator = creatorIndexOf(r());
  const type = r() < 0.7 ? "video" : "audio";
  const titleWords = words(3 + Math.floor(r() * 5));
  const title = cap(titleWords.join(" ")) + (r() < 0.2 ? ` part ${1 + Math.floor(r() * 9)}` : "");
  const sentences: string[] = [];
  const sentenceCount = 1 + Math.floor(r() * 4);
  for (let s = 0; s < sentenceCount; s++) sentences.push(cap(words(5 + Math.floor(r() * 9)).join(" ")) + ".");
  if (i < UNIQUE_ITEMS) sentences.push(`${cap(QUERY_WORDS.unique)} edition.`);
  const tagSet = new Set<string>();
  const tagCount = 1 + Math.floor(r() * 5);
  while (tagSet.size < tagCount) tagSet.add(TAGS[draw(TAG_CDF, r())]!);
  // Videos 30 s to 30 min (log-uniform), audio 1 to 8 min.
  const durationMs = type === "video" ? Math.round(30_000 * Math.pow(60, r())) : Math.round(60_000 + r() * 420_000);
  const bytesPerSecond = type === "video" ? 250_000 : 16_000;
  const createdMs = EPOCH + i * GAP_MS + Math.floor(r() * GAP_MS);
  const id = ulidLike(createdMs, i, 2);
  const createdBy = creatorId(creator);
  // Drawn after every earlier value, so items keep the titles, words and dates they had before view counts.
  const thumbnailKey = r() < 0.8 ? `bench/thumbs/${id}.jpg` : null;
  const viewCount = Math.floor(10_000 * r() ** 4);
  return {
    creator,
    item: {
      id,
      title,
      description: sentences.join(" "),
      type,
      tags: [...tagSet].join(","),
      r2Key: `bench/synthetic/${id}.${type === "video" ? "mp4" : "mp3"}`,
      mediaSize: Math.round((durationMs / 1000) * bytesPerSecond),
      mediaContentType: type === "video" ? "video/mp4" : "audio/mpeg",
      thumbnailKey,
      durationMs,
      viewCount,
      createdBy,
      createdAt: new Date(createdMs).toISOString(),
    },
  };
}

// ---- statements (D1: at most 100 bound parameters per statement) ----

export type Statement = { sql: string; params: (string | number | null)[] };

const CONTENT_COLUMNS = 15;
const USER_COLUMNS = 4;
export const CONTENT_ROWS_PER_STATEMENT = Math.floor(100 / CONTENT_COLUMNS); // 6 rows, 90 parameters
export const USER_ROWS_PER_STATEMENT = Math.floor(100 / USER_COLUMNS); // 25 rows, 100 parameters

const placeholders = (rows: number, cols: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: cols }, () => "?").join(", ")})`).join(", ");

/** Statements inserting items [from, to) and their creators (users first: the FTS trigger reads them). */
export function seedStatements(from: number, to: number): Statement[] {
  const items: SyntheticContent[] = [];
  const creators = new Set<number>();
  for (let i = from; i < to; i++) {
    const { item, creator } = syntheticContent(i);
    items.push(item);
    creators.add(creator);
  }
  const out: Statement[] = [];
  const users = [...creators].sort((a, b) => a - b).map(syntheticUser);
  for (let s = 0; s < users.length; s += USER_ROWS_PER_STATEMENT) {
    const rows = users.slice(s, s + USER_ROWS_PER_STATEMENT);
    out.push({
      sql: `insert or ignore into users (id, email, username, created_at) values ${placeholders(rows.length, USER_COLUMNS)}`,
      params: rows.flatMap((u) => [u.id, u.email, u.username, u.createdAt]),
    });
  }
  for (let s = 0; s < items.length; s += CONTENT_ROWS_PER_STATEMENT) {
    const rows = items.slice(s, s + CONTENT_ROWS_PER_STATEMENT);
    out.push({
      sql: `insert or ignore into content (id, title, description, type, tags, r2_key, media_size, media_content_type,
        thumbnail_key, duration_ms, view_count, created_by, created_at, updated_at, published_at) values ${placeholders(rows.length, CONTENT_COLUMNS)}`,
      params: rows.flatMap((c) => [
        c.id,
        c.title,
        c.description,
        c.type,
        c.tags,
        c.r2Key,
        c.mediaSize,
        c.mediaContentType,
        c.thumbnailKey,
        c.durationMs,
        c.viewCount,
        c.createdBy,
        c.createdAt,
        c.createdAt,
        // Public items are published when made (docs/decisions/094): the gallery lists only published ones.
        c.createdAt,
      ]),
    });
  }
  return out;
}
