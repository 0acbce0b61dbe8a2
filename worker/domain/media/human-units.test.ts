import { describe, expect, it } from "vitest";
import { spokenStorage } from "./human-units";

describe("spokenStorage", () => {
  it("speaks binary units, rounded down so the space said to be left is never more than there is", () => {
    const MiB = 1024 * 1024;
    const GiB = 1024 * MiB;
    expect(spokenStorage(20 * GiB)).toBe("20 GiB");
    expect(spokenStorage(1.99 * GiB)).toBe("1.9 GiB");
    expect(spokenStorage(GiB - 1)).toBe("1023 MiB");
    expect(spokenStorage(300 * MiB + 5)).toBe("300 MiB");
    expect(spokenStorage(MiB - 1)).toBe("1023 KiB");
    expect(spokenStorage(1000)).toBe("0 KiB");
    expect(spokenStorage(-5)).toBe("0 KiB");
  });
});
