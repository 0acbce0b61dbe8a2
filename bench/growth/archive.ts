// The archive as the bench reads it back: the local R2 bucket ARCHIVE (wrangler's getPlatformProxy, persisted
// next to the bench database), its total size, and every NDJSON part's lines (gunzipped), per dataset.
import { gunzipSync } from "node:zlib";

type R2Object = { key: string; size: number };
type R2List = { objects: R2Object[]; truncated: boolean; cursor?: string };
export type R2Like = {
  list(options?: { prefix?: string; cursor?: string; limit?: number }): Promise<R2List>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
};

async function listAll(r2: R2Like, prefix = ""): Promise<R2Object[]> {
  const out: R2Object[] = [];
  let cursor: string | undefined;
  do {
    const page = await r2.list({ prefix, cursor, limit: 1000 });
    out.push(...page.objects.map((o) => ({ key: o.key, size: o.size })));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}

/** Every object's bytes in the bucket (parts and manifests): what R2 stores for the archive. */
export async function archiveBytes(r2: R2Like) {
  return (await listAll(r2)).reduce((n, o) => n + o.size, 0);
}

/** Each line of every part of `dataset` (`<dataset>/<day>/part-NNNN.ndjson.gz`), parsed, part by part in key order. */
export async function* archivedLines(r2: R2Like, dataset: "visits" | "page-days" | "views"): AsyncGenerator<unknown> {
  const parts = (await listAll(r2, `${dataset}/`))
    .filter((o) => /\/part-\d+\.ndjson(\.gz)?$/.test(o.key))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  for (const part of parts) {
    const body = await r2.get(part.key);
    if (!body) throw new Error(`archive part ${part.key} is listed but cannot be read`);
    const bytes = Buffer.from(await body.arrayBuffer());
    const text = (part.key.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
    for (const line of text.split("\n")) if (line.trim()) yield JSON.parse(line) as unknown;
  }
}

/**
 * The objects inside an archived line that look like rows of a table (a line may carry one row, or a row and
 * the rows that go with it, e.g. a view and its earnings), found by the columns they have, whatever the nesting.
 */
export function* rowsIn(
  line: unknown,
  has: (row: Record<string, unknown>) => boolean,
): Generator<Record<string, unknown>> {
  if (Array.isArray(line)) {
    for (const x of line) yield* rowsIn(x, has);
  } else if (line && typeof line === "object") {
    const row = line as Record<string, unknown>;
    if (has(row)) yield row;
    for (const v of Object.values(row)) if (v && typeof v === "object") yield* rowsIn(v, has);
  }
}
