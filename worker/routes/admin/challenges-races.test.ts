import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChallengeJson } from "../../../common/schemas/challenges";
import { signedInBrowser, type Browser } from "../../test/http";

// Two admins editing one challenge at once through the API (docs/decisions/041): the route used to read the
// row and write all of it back, so the later write put back the field the earlier one had just changed.

let admin: Browser;
beforeAll(async () => {
  admin = await signedInBrowser("admin@example.com");
});

describe("admin challenge changes racing", () => {
  it("two PATCHes of different fields at once: both changes are kept", async () => {
    const res = await admin.json("/api/admin/challenges", "POST", {
      name: "Both",
      description: "Both",
      is_active: false,
      bonus_amount: 5,
    });
    expect(res.status).toBe(201);
    const { id } = await res.json<ChallengeJson>();
    for (let round = 0; round < 3; round++) {
      const [renamed, repriced] = await Promise.all([
        admin.json(`/api/admin/challenges/${id}`, "PATCH", { name: `Both ${round}` }),
        admin.json(`/api/admin/challenges/${id}`, "PATCH", { bonus_amount: 6 + round }),
      ]);
      expect([renamed.status, repriced.status]).toEqual([200, 200]);
      expect(await env.DB.prepare("select name, bonus_micros from challenges where id = ?1").bind(id).first()).toEqual({
        name: `Both ${round}`,
        bonus_micros: (6 + round) * 1_000_000,
      });
    }
  });
});
