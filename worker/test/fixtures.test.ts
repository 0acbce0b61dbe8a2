import { expect, it } from "vitest";
import { fixture } from "./fixtures";

it("exposes the real media fixtures to worker tests", () => {
  const mp4 = fixture("tiny.mp4");
  expect(new TextDecoder().decode(mp4.slice(4, 8))).toBe("ftyp");
  expect(new TextDecoder().decode(fixture("tiny.mp3").slice(0, 3))).toBe("ID3");
});
