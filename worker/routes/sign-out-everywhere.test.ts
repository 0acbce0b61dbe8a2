import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../middleware/session-cookie";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";

// docs/decisions/030: a member could not sign out of other devices. DELETE /api/users/me/sessions ends every session
// of the member, this browser's included, with an audit row (docs/decisions/030).

const me = (b: Browser) => b.fetch("/api/users/me");

describe("DELETE /api/users/me/sessions", () => {
  it("answers 401 without a session", async () => {
    const res = await new Browser().fetch("/api/users/me/sessions", { method: "DELETE" });
    expect(res.status).toBe(401);
  });

  it("ends every session of the member (another browser's too), signs this browser out, leaves others alone, and is audited", async () => {
    const email = uniqueEmail("everywhere");
    const laptop = await signedInBrowser(email);
    const phone = await signedInBrowser(email);
    const someoneElse = await signedInBrowser(uniqueEmail("bystander"));
    const { id } = await (await me(laptop)).json<{ id: string }>();
    expect(laptop.cookies.has(SESSION_COOKIE)).toBe(true);

    const res = await laptop.fetch("/api/users/me/sessions", { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2 });
    // The cookie is cleared here, and the phone's session no longer exists either.
    expect(laptop.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect((await me(someoneElse)).status).toBe(200);
    const left = await env.DB.prepare("select count(*) as n from sessions where user_id = ?").bind(id).first();
    expect(left).toEqual({ n: 0 });

    const audit = await env.DB.prepare(
      "select actor_id, action, entity, entity_id, before, after from audit_log where entity = 'sessions' and entity_id = ?",
    )
      .bind(id)
      .all();
    expect(audit.results).toEqual([
      {
        actor_id: id,
        action: "delete",
        entity: "sessions",
        entity_id: id,
        before: '{"sessions":2}',
        after: '{"sessions":0}',
      },
    ]);

    // Signing in again afterwards works as before.
    const back = await signedInBrowser(email);
    expect((await me(back)).status).toBe(200);
  });
});
