import { describe, expect, it } from "vitest";
import { usernameError } from "../../common/username";
import { makeContent, makeUser } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";

const taken = () => `n${Math.random().toString(36).slice(2, 12)}`;

describe("PATCH /api/users/me/username", () => {
  const cases: [string, unknown, number, string][] = [
    ["empty", "   ", 400, "Username cannot be empty"],
    ["too short", "ab", 400, "Username must be between 3 and 20 characters"],
    ["too long", "a".repeat(21), 400, "Username must be between 3 and 20 characters"],
    ["bad characters", "ava smith!", 400, "Username can only contain letters, numbers, and underscores"],
    ["emoji", "ava_🎬", 400, "Username can only contain letters, numbers, and underscores"],
    ["not a string", 42, 400, "username: Invalid input: expected string, received number"],
  ];
  for (const [what, username, status, error] of cases) {
    it(`refuses ${what} with the spec's message`, async () => {
      const browser = await signedInBrowser(uniqueEmail());
      const res = await browser.json("/api/users/me/username", "PATCH", { username });
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ error });
    });
  }

  it("saves a valid name, trimmed, and the current user shows it", async () => {
    const browser = await signedInBrowser(uniqueEmail());
    const name = taken();
    const res = await browser.json("/api/users/me/username", "PATCH", { username: `  ${name} ` });
    expect(res.status).toBe(200);
    expect(await (await browser.fetch("/api/users/me")).json()).toMatchObject({ username: name });
  });

  it("refuses a name another account holds, in any letter case", async () => {
    const name = taken();
    const first = await signedInBrowser(uniqueEmail());
    expect((await first.json("/api/users/me/username", "PATCH", { username: name })).status).toBe(200);
    const second = await signedInBrowser(uniqueEmail());
    const res = await second.json("/api/users/me/username", "PATCH", { username: name.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "That username is already taken" });
  });

  // Usernames in any script (docs/decisions/103): letters of every script are letters.
  const uniq = () => Math.random().toString(36).slice(2, 6).replace(/[0-9]/g, "x");
  for (const base of ["ávà", "Müller_2", "山田太郎", "Ólafur"]) {
    it(`accepts "${base}", letters of any script`, async () => {
      const name = `${base}${uniq()}`.slice(0, 20);
      const browser = await signedInBrowser(uniqueEmail());
      const res = await browser.json("/api/users/me/username", "PATCH", { username: name });
      expect(res.status).toBe(200);
      expect(await (await browser.fetch("/api/users/me")).json()).toMatchObject({ username: name });
    });
  }

  it("refuses a Latin name with a Cyrillic lookalike letter, and a zero-width joiner", async () => {
    const browser = await signedInBrowser(uniqueEmail());
    const cyrillicA = await browser.json("/api/users/me/username", "PATCH", { username: "\u0430dmin" });
    expect(cyrillicA.status).toBe(400);
    expect(await cyrillicA.json()).toMatchObject({
      error: "Username cannot mix Latin letters with Cyrillic or Greek ones",
    });
    const greekO = await browser.json("/api/users/me/username", "PATCH", { username: "r\u03bfot_user" });
    expect(greekO.status).toBe(400);
    const zwj = await browser.json("/api/users/me/username", "PATCH", { username: "ad\u200dmin" });
    expect(zwj.status).toBe(400);
    expect(await zwj.json()).toMatchObject({ error: "Username can only contain letters, numbers, and underscores" });
    expect((await (await browser.fetch("/api/users/me")).json<{ username: string | null }>()).username).toBeNull();
  });

  it("refuses a name another account holds in another letter case of any script", async () => {
    const name = `ávà${uniq()}`;
    const first = await signedInBrowser(uniqueEmail());
    expect((await first.json("/api/users/me/username", "PATCH", { username: name })).status).toBe(200);
    const second = await signedInBrowser(uniqueEmail());
    const res = await second.json("/api/users/me/username", "PATCH", { username: name.toUpperCase() });
    expect(name.toUpperCase().startsWith("ÁVÀ")).toBe(true);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "That username is already taken", code: "username_taken" });
    // The same name typed decomposed (NFD) is the same name too.
    const nfd = await second.json("/api/users/me/username", "PATCH", { username: name.normalize("NFD") });
    expect(nfd.status).toBe(409);
  });

  it("lets only one of two members racing for 'Ávà' and 'ávà' have it: the unique key decides", async () => {
    const name = `ávà${uniq()}`;
    const [one, two] = await Promise.all([signedInBrowser(uniqueEmail()), signedInBrowser(uniqueEmail())]);
    const answers = await Promise.all([
      one.json("/api/users/me/username", "PATCH", { username: name.toUpperCase() }),
      two.json("/api/users/me/username", "PATCH", { username: name }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("refuses the full-width form of a name someone holds (the key is NFKC)", async () => {
    const name = `adm${uniq()}`;
    const first = await signedInBrowser(uniqueEmail());
    expect((await first.json("/api/users/me/username", "PATCH", { username: name })).status).toBe(200);
    const fullWidth = [...name].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join("");
    const second = await signedInBrowser(uniqueEmail());
    const res = await second.json("/api/users/me/username", "PATCH", { username: fullWidth });
    expect(res.status).toBe(409);
  });

  it("stores a name typed decomposed (NFD) as NFC, and counts its length in letters as seen", async () => {
    const browser = await signedInBrowser(uniqueEmail());
    // 20 letters each with a combining accent: 40 code points typed, 20 letters after NFC.
    const base = `é${uniq()}`.normalize("NFC");
    const seen = base.padEnd(20, "é");
    const typed = seen.normalize("NFD");
    expect(typed.length).toBeGreaterThan(20);
    const res = await browser.json("/api/users/me/username", "PATCH", { username: typed });
    expect(res.status).toBe(200);
    const me = await (await browser.fetch("/api/users/me")).json<{ username: string }>();
    expect(me.username).toBe(seen);
    expect(me.username).not.toBe(typed);
    // 21 letters as seen is one too many, whatever the form typed.
    const tooLong = await browser.json("/api/users/me/username", "PATCH", { username: `${seen}é`.normalize("NFD") });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: "Username must be between 3 and 20 characters" });
  });

  // Whole-script lookalikes (docs/decisions/104): a name that reads as another member's is that member's name.
  const CYRILLIC_FOR = { a: "\u0430", c: "\u0441", e: "\u0435", o: "\u043e", p: "\u0440", x: "\u0445", y: "\u0443" };
  /** A Latin name of letters with small Cyrillic lookalikes, and the same name written all in Cyrillic. */
  const lookalikePair = () => {
    const letters = Object.keys(CYRILLIC_FOR) as (keyof typeof CYRILLIC_FOR)[];
    const latin = Array.from({ length: 10 }, () => letters[Math.floor(Math.random() * letters.length)]);
    return { latin: latin.join(""), cyrillic: latin.map((l) => CYRILLIC_FOR[l]).join("") };
  };
  const claim = async (username: string) =>
    (await signedInBrowser(uniqueEmail())).json("/api/users/me/username", "PATCH", { username });

  it("refuses an all-Cyrillic name that reads as a Latin name another member holds, and the reverse", async () => {
    const first = lookalikePair();
    expect((await claim(first.latin)).status).toBe(200);
    const copy = await claim(first.cyrillic);
    expect(copy.status).toBe(409);
    expect(await copy.json()).toMatchObject({ error: "That username is already taken", code: "username_taken" });

    const second = lookalikePair();
    expect((await claim(second.cyrillic)).status).toBe(200);
    const latin = await claim(second.latin.toUpperCase());
    expect(latin.status).toBe(409);
    expect(await latin.json()).toMatchObject({ code: "username_taken" });
  });

  it("refuses a digit for a letter (paypa1 for paypal) and Greek capitals that read as the Latin name", async () => {
    const name = `pal_${uniq()}`;
    expect((await claim(name)).status).toBe(200);
    expect((await claim(name.replace("l", "1"))).status).toBe(409);
    // Digits 2 to 9 read as no letter, and are in no script: the Greek name does not mix.
    const digits = Array.from({ length: 6 }, () => 2 + Math.floor(Math.random() * 8)).join("");
    expect((await claim(`niko_${digits}`)).status).toBe(200);
    const greek = await claim(`\u039d\u0399\u039a\u039f_${digits}`);
    expect(greek.status).toBe(409);
    expect(await greek.json()).toMatchObject({ code: "username_taken" });
  });

  it("still gives honest names in other scripts when free: Greek, Cyrillic, accented Latin, CJK", async () => {
    for (const name of ["\u0396\u03c9\u03ae", "\u041e\u043b\u0435\u0433", "ávà", "山田太郎"]) {
      const res = await claim(name);
      expect(res.status, name).toBe(200);
      expect(await res.json(), name).toMatchObject({ username: name });
    }
  });

  it("refuses malformed JSON with 400, not 500", async () => {
    const browser = await signedInBrowser(uniqueEmail());
    const res = await browser.fetch("/api/users/me/username", { method: "PATCH", body: "{nope" });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty("requestId");
  });
});

describe("GET /api/users/{id}", () => {
  it("returns the public creator card without the email", async () => {
    const email = uniqueEmail("creator");
    const browser = await signedInBrowser(email);
    const me = await (await browser.fetch("/api/users/me")).json<{ id: string }>();
    const res = await new Browser().fetch(`/api/users/${me.id}`);
    expect(res.status).toBe(200);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ id: me.id, username: null, display_name: `Member ${me.id.slice(-6)}` });
    expect(JSON.stringify(body)).not.toContain("@");
  });

  // Security read (docs/decisions/017): a member without a username was shown by their email's local part, so
  // `alice@anywhere` passed for the creator who chose "alice".
  it("never names a member without a username after their email: the fallback is a name no one can choose", async () => {
    const name = `star_${Date.now().toString(36).slice(-6)}`;
    const real = await makeUser({ username: name });
    const copycat = await makeUser({ email: `${name}@evil.example`, username: null });
    for (const user of [real, copycat]) await makeContent(user.id, { title: `Clip by ${user.id}` });

    const card = await (await new Browser().fetch(`/api/users/${copycat.id}`)).json<{ display_name: string }>();
    expect(card.display_name).toBe(`Member ${copycat.id.slice(-6)}`);
    expect(usernameError(card.display_name)).not.toBeNull();
    const list = await (
      await new Browser().fetch(`/api/content?creator=${copycat.id}`)
    ).json<{ items: { creator_name: string }[] }>();
    expect(list.items.map((i) => i.creator_name)).toEqual([card.display_name]);
    const theirs = await (
      await new Browser().fetch(`/api/content?creator=${real.id}`)
    ).json<{ items: { creator_name: string }[] }>();
    expect(theirs.items.map((i) => i.creator_name)).toEqual([name]);
  });

  it("answers 404 for an unknown creator", async () => {
    const res = await new Browser().fetch("/api/users/01ARZ3NDEKTSV4RRFFQ69G5FAV");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "Creator not found" });
  });

  it("answers 404, not 401, for an address that is no id at all, signed in or not", async () => {
    const signedIn = await signedInBrowser(uniqueEmail("visitor"));
    for (const browser of [new Browser(), signedIn]) {
      for (const id of ["doesnotexist", "m", "meh", "ME"]) {
        const res = await browser.fetch(`/api/users/${id}`);
        expect(res.status, id).toBe(404);
        expect(await res.json()).toMatchObject({ error: "Creator not found" });
      }
    }
    // /users/me stays the signed-in user's own record.
    expect((await new Browser().fetch("/api/users/me")).status).toBe(401);
    expect((await signedIn.fetch("/api/users/me")).status).toBe(200);
  });
});

describe("GET /api/session", () => {
  // The SPA asks who is signed in on every first load: a visitor is a normal answer, not a failure, so it is a 200
  // with no member (GET /api/users/me answers 401, which a browser logs as an error on every signed-out page).
  it("answers a visitor 200 with no member", async () => {
    const res = await new Browser().fetch("/api/session");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
  });

  it("answers a signed-in member with the same member GET /api/users/me gives", async () => {
    const browser = await signedInBrowser(uniqueEmail());
    const me = await (await browser.fetch("/api/users/me")).json();
    const res = await browser.fetch("/api/session");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: me });
  });
});
