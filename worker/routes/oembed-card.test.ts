import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import { makeContent, makeUser } from "../test/factories";
import { fixture } from "../test/fixtures";
import { IMAGE_HEAD_BYTES } from "../domain/media/image-size";
import { getOembed } from "./oembed-card";

// The oEmbed answer's cost (docs/decisions/105): the thumbnail's size costs one ranged read of R2 and writes nothing.

const ORIGIN = "http://localhost";

/** The MEDIA bucket, recording each get with the options it was asked with. */
function countingMedia(gets: { key: string; options?: R2GetOptions }[]) {
  return new Proxy(env.MEDIA, {
    get(target, prop) {
      if (prop === "get")
        return (key: string, options?: R2GetOptions) => {
          gets.push({ key, options });
          return target.get(key, options);
        };
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The test runtime's D1, recording the SQL of every statement prepared (one-off queries and batches alike). */
function recordingDb(statements: string[]) {
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare")
        return (sql: string) => {
          statements.push(sql);
          return target.prepare(sql);
        };
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return createDb(d1);
}

describe("getOembed", () => {
  it("reads the thumbnail's size with one ranged R2 read of its first bytes, and writes nothing to D1", async () => {
    const owner = await makeUser();
    const thumbnailKey = `test/oembed/${crypto.randomUUID()}/image-alpha.webp`;
    await env.MEDIA.put(thumbnailKey, fixture("image-alpha.webp"));
    const item = await makeContent(owner.id, { thumbnailKey });
    const gets: { key: string; options?: R2GetOptions }[] = [];
    const statements: string[] = [];

    const answer = await getOembed({
      ctx: { db: recordingDb(statements), env: { ...env, MEDIA: countingMedia(gets) }, thumbsOrigin: null },
      input: { url: `${ORIGIN}/content/${item.id}`, origin: ORIGIN },
    });

    expect(answer).toMatchObject({ thumbnail_width: 40, thumbnail_height: 30 });
    expect(gets).toEqual([{ key: thumbnailKey, options: { range: { offset: 0, length: IMAGE_HEAD_BYTES } } }]);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((sql) => /^\s*(insert|update|delete|replace)\b/i.test(sql))).toEqual([]);
  });
});
