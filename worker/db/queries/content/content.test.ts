import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { makeContent, makeUser, testDb } from "../../../test/factories";
import { content } from "../../schema";
import { findContent, listByCreator, listContentPage } from "./content";

// The raw reads of items name their columns from the drizzle table (SELECT_ROW, docs/decisions/068): each
// gives every column of content, with the values drizzle's own select gives, none left undefined.
it("a ContentRow read by raw SQL holds every column of content, as drizzle reads it", async () => {
  const creator = await makeUser();
  // Every nullable column set, so a column left out of the list cannot pass for a null.
  const item = await makeContent(creator.id, {
    description: "A walk",
    tags: "walk,city",
    thumbnailKey: "test/thumb.jpg",
    mediaBytesPerSecond: 90_000,
    width: 640,
    height: 360,
    frameRate: 29.97,
    earnBlock: "low_frame_rate",
  });
  const stored = await testDb().select().from(content).where(eq(content.id, item.id)).get();
  expect(stored?.frameRate).toBe(29.97);

  const reads = {
    findContent: await findContent(testDb(), item.id),
    listByCreator: (await listByCreator(testDb(), creator.id, 5))[0],
    listContentPage: (await listContentPage(testDb(), { creator: creator.id, limit: 5 }))[0],
  };
  for (const [read, row] of Object.entries(reads)) {
    expect(row, read).toMatchObject({ ...stored, creatorName: expect.any(String), likeCount: 0, creatorSuspended: 0 });
  }
});
