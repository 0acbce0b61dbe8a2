import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";

it("answers unknown API paths with the error shape", async () => {
  const res = await SELF.fetch("http://localhost/api/users/me");
  expect(res.status).toBe(401);
  const body = await res.json<{ error: string; requestId: string }>();
  expect(body.error).toBe("Sign in required");
  expect(body.requestId).toBeTruthy();
});
