// How a part of a day is stored in R2 (docs/decisions/051): one JSON object per line, in key order, gzipped.
// Concatenated gzip members are one valid gzip stream, so a day's parts joined in order are the day's file.
import type { ArchiveRow } from "./dataset";

export const partObjectKey = (dataset: string, day: string, part: number) =>
  `${dataset}/${day}/part-${String(part).padStart(4, "0")}.ndjson.gz`;
export const manifestObjectKey = (dataset: string, day: string) => `${dataset}/${day}/manifest.json`;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The part's bytes: the rows' lines as NDJSON, gzipped. */
export async function encodePart(rows: readonly ArchiveRow[]): Promise<Uint8Array> {
  const text = rows.map((r) => JSON.stringify(r.line)).join("\n") + "\n";
  const input = new Blob([text]).stream();
  return readAll(input.pipeThrough(new CompressionStream("gzip")));
}

/** The lines of a part (or of a whole day: its parts' bytes concatenated), parsed. */
export async function decodeLines(gz: Uint8Array | ArrayBuffer): Promise<unknown[]> {
  const text = await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as unknown);
}

export async function sha256OfBytes(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
