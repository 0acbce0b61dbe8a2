import { describe, expect, it } from "vitest";
import { coverCrop, profileImageProblem } from "./profile-image";

describe("coverCrop (docs/decisions/091)", () => {
  it("takes the centre square of a landscape photo for the avatar and scales it to 256", () => {
    expect(coverCrop(4000, 3000, { width: 256, height: 256 })).toEqual({
      sx: 500,
      sy: 0,
      sw: 3000,
      sh: 3000,
      width: 256,
      height: 256,
    });
  });

  it("takes a 4:1 band across the middle of a portrait photo for the banner", () => {
    expect(coverCrop(1080, 1920, { width: 2048, height: 512 })).toEqual({
      sx: 0,
      sy: 825,
      sw: 1080,
      sh: 270,
      width: 1080,
      height: 270,
    });
  });

  it("never enlarges a small image", () => {
    expect(coverCrop(100, 100, { width: 256, height: 256 })).toMatchObject({ width: 100, height: 100 });
  });
});

describe("profileImageProblem", () => {
  const file = (type: string, size = 10) => new File([new Uint8Array(size)], "x", { type });
  it("accepts the thumbnail types and refuses others and oversized files", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/gif"])
      expect(profileImageProblem(file(type))).toBeNull();
    expect(profileImageProblem(file("image/svg+xml"))).toBe("Choose a JPEG, PNG, WebP or GIF image.");
    expect(profileImageProblem(file("image/png", 10 * 1024 * 1024 + 1))).toBe("Choose an image of at most 10 MB.");
  });
});
