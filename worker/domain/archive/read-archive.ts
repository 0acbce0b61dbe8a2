// Reading an archived day back (docs/decisions/051): the day's file for a download (its parts' gzip members
// joined, which is one valid gzip stream), its manifest, and a check of everything stored against D1's record.
import { archivedDay, dayParts, previousDoneSha, type ArchiveDatasetName } from "../../db/queries/archive/archive";
import type { DayManifest } from "./manifest";
import { decodeLines, sha256OfBytes } from "./part-file";

type ArchiveEnv = { DB: D1Database; ARCHIVE: R2Bucket };

/** A finished day's parts, or null when the day is not (or not yet wholly) archived. */
async function doneDay(env: ArchiveEnv, dataset: ArchiveDatasetName, day: string) {
  const row = await archivedDay(env.DB, dataset, day);
  if (!row || row.status !== "done" || !row.manifest_key) return null;
  return { row, parts: await dayParts(env.DB, dataset, day) };
}

/** The day's file as one gzip NDJSON stream, or null when the day is not archived. */
export async function archivedDayStream(env: ArchiveEnv, dataset: ArchiveDatasetName, day: string) {
  const done = await doneDay(env, dataset, day);
  if (!done) return null;
  // A fixed length: the answer carries Content-Length, and a short copy fails instead of passing as whole.
  const { readable, writable } = new FixedLengthStream(done.row.bytes);
  const copy = async () => {
    for (const p of done.parts) {
      const obj = await env.ARCHIVE.get(p.object_key);
      if (!obj) throw new Error(`archive part missing: ${p.object_key}`);
      await obj.body.pipeTo(writable, { preventClose: true });
    }
    await writable.close();
  };
  // A missing part ends the download with an error rather than a file that looks whole.
  void copy().catch((e: unknown) => writable.abort(e));
  return { body: readable, filename: `reelpay-${dataset}-${day}.ndjson.gz` };
}

/** The day's manifest as stored, or null when the day is not archived. */
export async function archivedDayManifest(
  env: ArchiveEnv,
  dataset: ArchiveDatasetName,
  day: string,
): Promise<DayManifest | null> {
  const done = await doneDay(env, dataset, day);
  if (!done) return null;
  const obj = await env.ARCHIVE.get(done.row.manifest_key!);
  return obj ? ((await obj.json()) as DayManifest) : null;
}

/**
 * Re-reads a finished day from R2 and checks it against D1's record: the manifest's hash, its link to the
 * previous finished day, and each part's size, hash and row count. Any problem is named; none means intact.
 */
export async function verifyArchivedDay(
  env: ArchiveEnv,
  dataset: ArchiveDatasetName,
  day: string,
): Promise<{ ok: boolean; problems: string[] }> {
  const problems: string[] = [];
  const done = await doneDay(env, dataset, day);
  if (!done) return { ok: false, problems: [`${dataset} ${day} is not archived`] };
  const stored = await env.ARCHIVE.get(done.row.manifest_key!);
  if (!stored) return { ok: false, problems: ["the manifest is missing"] };
  const bytes = await stored.arrayBuffer();
  if ((await sha256OfBytes(bytes)) !== done.row.sha256)
    problems.push("the manifest's hash differs from the recorded one");
  const manifest = JSON.parse(new TextDecoder().decode(bytes)) as DayManifest;
  const prev = (await previousDoneSha(env.DB, dataset, day)) ?? null;
  if (manifest.prev_sha256 !== prev || done.row.prev_sha256 !== prev)
    problems.push("the link to the previous day is broken");
  if (manifest.dataset !== dataset || manifest.day !== day) problems.push("the manifest names another day");
  if (JSON.stringify(manifest.parts) !== JSON.stringify(done.parts))
    problems.push("the manifest's parts differ from the recorded parts");
  for (const p of done.parts) {
    const obj = await env.ARCHIVE.get(p.object_key);
    if (!obj) {
      problems.push(`part ${p.part} is missing`);
      continue;
    }
    const body = await obj.arrayBuffer();
    if (body.byteLength !== p.bytes) problems.push(`part ${p.part} has ${body.byteLength} bytes, not ${p.bytes}`);
    if ((await sha256OfBytes(body)) !== p.sha256) problems.push(`part ${p.part}'s hash differs`);
    else if ((await decodeLines(body)).length !== p.rows) problems.push(`part ${p.part} does not hold ${p.rows} rows`);
  }
  return { ok: problems.length === 0, problems };
}
