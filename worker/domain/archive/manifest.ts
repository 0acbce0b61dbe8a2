// A day's manifest (docs/decisions/051): what the day's parts hold and their hashes, and the hash of the previous
// archived day's manifest of the same dataset, so changing any stored day breaks every later day's link.

export type ManifestPart = {
  part: number;
  object_key: string;
  after_key: string;
  last_key: string;
  rows: number;
  kept: number;
  bytes: number;
  sha256: string;
};

export type DayManifest = {
  dataset: string;
  day: string;
  parts: ManifestPart[];
  rows: number;
  kept: number;
  bytes: number;
  prev_sha256: string | null;
  created_at: string;
};

export function buildManifest(
  dataset: string,
  day: string,
  parts: ManifestPart[],
  prevSha256: string | null,
  createdAt: string,
): DayManifest {
  const sum = (k: "rows" | "kept" | "bytes") => parts.reduce((n, p) => n + p[k], 0);
  return {
    dataset,
    day,
    parts,
    rows: sum("rows"),
    kept: sum("kept"),
    bytes: sum("bytes"),
    prev_sha256: prevSha256,
    created_at: createdAt,
  };
}

/** The manifest's bytes as stored: its sha256 is the day's link in the chain. */
export const manifestBytes = (m: DayManifest) => new TextEncoder().encode(JSON.stringify(m, null, 2) + "\n");
