import { describe, expect, it } from "vitest";
import { signedInBrowser, uniqueEmail } from "../test/http";
import { BOOKMARK_COOKIE, isBookmark, sessionStart } from "./read-session";

describe("where a request's D1 session starts", () => {
  const bookmark = "00000000-0000002a-00000000-00000000000000000000000000000000";

  it("writes start on the primary whatever the cookie says", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(sessionStart(method, bookmark)).toBe("first-primary");
      expect(sessionStart(method, undefined)).toBe("first-primary");
    }
  });

  it("reads continue from the caller's bookmark, else from any replica; a forged cookie is ignored", () => {
    expect(sessionStart("GET", bookmark)).toBe(bookmark);
    expect(sessionStart("HEAD", bookmark)).toBe(bookmark);
    expect(sessionStart("GET", undefined)).toBe("first-unconstrained");
    for (const forged of [
      "",
      "first-primary",
      "latest",
      `${bookmark}x`,
      "zzzzzzzz-0000002a-00000000-00000000000000000000000000000000",
    ]) {
      expect(isBookmark(forged), forged).toBe(false);
      expect(sessionStart("GET", forged)).toBe("first-unconstrained");
    }
  });
});

describe("read after write (D1 Sessions API)", () => {
  it("a write hands back a bookmark, and the caller's next read, started from it, sees the write", async () => {
    const member = await signedInBrowser(uniqueEmail("bookmark"));
    // Signing in wrote a session row: the answer carried a bookmark at least that new.
    const afterSignIn = member.cookies.get(BOOKMARK_COOKIE);
    expect(isBookmark(afterSignIn)).toBe(true);

    const name = `reader${Date.now().toString(36)}`;
    const write = await member.json("/api/users/me/username", "PATCH", { username: name });
    expect(write.status).toBe(200);
    const afterWrite = member.cookies.get(BOOKMARK_COOKIE)!;
    expect(isBookmark(afterWrite)).toBe(true);
    // Bookmarks sort oldest to newest: the write's is newer than the sign-in's.
    expect(afterWrite > afterSignIn!).toBe(true);

    const read = await member.fetch("/api/users/me");
    expect(await read.json()).toMatchObject({ username: name });
    // A read leaves the bookmark of the last write alone.
    expect(read.headers.getSetCookie().some((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))).toBe(false);
    expect(member.cookies.get(BOOKMARK_COOKIE)).toBe(afterWrite);
  });

  it("a forged bookmark cookie is ignored, never an error", async () => {
    const member = await signedInBrowser(uniqueEmail("forged"));
    member.cookies.set(BOOKMARK_COOKIE, "not-a-bookmark");
    const res = await member.fetch("/api/users/me");
    expect(res.status).toBe(200);
  });
});
