import { describe, expect, it } from "vitest";
import { ApiError, inWords, refusalOf } from "./api";

describe("inWords: the server's messages without field paths (docs/decisions/038)", () => {
  it.each([
    ["title: Title is required", "Title is required"],
    ["title: Title must be at most 200 characters", "Title must be at most 200 characters"],
    ["tags: Each tag must be at most 40 characters", "Each tag must be at most 40 characters"],
    ["tags.3: each tag must be at most 200 characters", "Each tag must be at most 200 characters"],
    ["value: must be an http(s) URL", "Must be an http(s) URL"],
    ["amount_usd: amount_usd must be at most 1000000", "Amount must be at most 1000000"],
    ["total_bonus_amount: total_bonus_amount must be in steps of 0.01", "Amount must be in steps of 0.01"],
    ["value: daily_earnable_views must be at most 10000", "Paid views per viewer per day must be at most 10000"],
    ["name: a challenge with this name exists", "A challenge with this name exists"],
    ["description is required", "Description is required"],
    ["The file's contents are not an MP4 video", "The file's contents are not an MP4 video"],
    // Text that only looks like a field path further on is left alone.
    [
      "Not enough storage left for this file (3 MiB): you have 1 MiB left",
      "Not enough storage left for this file (3 MiB): you have 1 MiB left",
    ],
  ])("%s → %s", (raw, shown) => {
    expect(inWords(raw)).toBe(shown);
  });

  it("ApiError's message is in words; its body keeps what was sent", () => {
    const error = new ApiError(400, { error: "title: Title is required", requestId: "r" });
    expect(error.message).toBe("Title is required");
    expect(error.body?.error).toBe("title: Title is required");
    expect(new ApiError(502, null).message).toBe("API responded with HTTP status 502");
  });

  it("refusalOf gives a 4xx's words, nothing for failures nobody explained", () => {
    expect(refusalOf(new ApiError(415, { error: "The file's contents are not an MP4 video", requestId: "r" }))).toBe(
      "The file's contents are not an MP4 video",
    );
    expect(refusalOf(new ApiError(500, { error: "Internal error", requestId: "r" }))).toBeNull();
    expect(refusalOf(new ApiError(400, null))).toBeNull();
    expect(refusalOf(new Error("Network error during upload"))).toBeNull();
  });
});
