import { describe, expect, it } from "vitest";
import { addressGroup, addressGroupHash, addressNetwork } from "./address-group";
import { sha256Hex } from "./crypto";

const SECRET = "test-secret";

describe("addressGroup", () => {
  it("writes every spelling of one /64 the same way", () => {
    const spellings = [
      "2001:db8:1:2::1",
      "2001:DB8:1:2::1",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:db8:1:2:abcd:1234::",
      "2001:db8:1:2:0:0:1.2.3.4",
      "2001:db8:1:2::9%eth0",
      "[2001:db8:1:2::7]",
      "[2001:db8:1:2::7]:443",
      " 2001:db8:1:2::42 ",
    ];
    expect(new Set(spellings.map(addressGroup))).toEqual(new Set(["2001:db8:1:2::/64"]));
  });

  it("keeps different /64s apart, even one bit apart", () => {
    const groups = ["2001:db8:1:2::1", "2001:db8:1:3::1", "2001:db8:1::1", "2001:db9:1:2::1", "::1", "fe80::1"].map(
      addressGroup,
    );
    expect(new Set(groups).size).toBe(groups.length);
  });

  it("counts an IPv4 address whole, however it is written", () => {
    for (const spelling of [
      "203.0.113.7",
      " 203.0.113.7",
      "203.0.113.7:8080",
      "::ffff:203.0.113.7",
      "::FFFF:cb00:7107",
      "0:0:0:0:0:ffff:203.0.113.7",
    ]) {
      expect(addressGroup(spelling), spelling).toBe("203.0.113.7");
    }
    expect(addressGroup("203.0.113.8")).not.toBe(addressGroup("203.0.113.7"));
    expect(addressGroup("198.51.100.7")).not.toBe(addressGroup("203.0.113.7"));
  });

  it("treats anything that is not an address as its own group", () => {
    for (const text of ["local", "1.2.3.256", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9", "gggg::1", "1:2:3:4:5:6:7"]) {
      expect(addressGroup(text), text).toBe(text.toLowerCase());
    }
  });
});

describe("addressGroupHash", () => {
  it("hashes one /64 to one value and two /64s to two", async () => {
    const a = await addressGroupHash(SECRET, "2001:db8:aa:1::1");
    expect(await addressGroupHash(SECRET, "2001:0DB8:00AA:0001:dead:beef:0:1")).toBe(a);
    expect(await addressGroupHash(SECRET, "2001:db8:aa:2::1")).not.toBe(a);
  });

  it("hashes an IPv4 address exactly as the whole-address hash did, so older rows still compare", async () => {
    const whole = (await sha256Hex(`${SECRET}:ip:203.0.113.7`)).slice(0, 16);
    expect(await addressGroupHash(SECRET, "203.0.113.7")).toBe(whole);
    expect(await addressGroupHash(SECRET, "::ffff:203.0.113.7")).toBe(whole);
  });

  it("depends on the secret", async () => {
    expect(await addressGroupHash("other", "203.0.113.7")).not.toBe(await addressGroupHash(SECRET, "203.0.113.7"));
  });
});

describe("addressNetwork and the network digits of the hash (docs/decisions/065)", () => {
  it("puts every /64 of one /56 in one network, and keeps /56s and IPv4 addresses apart", () => {
    expect(addressNetwork("2001:db8:1:2a01::1")).toBe("2001:db8:1:2a00::/56");
    expect(addressNetwork("2001:DB8:1:2AFF:ffff::9")).toBe("2001:db8:1:2a00::/56");
    expect(addressNetwork("2001:db8:1:2b00::1")).toBe("2001:db8:1:2b00::/56");
    expect(addressNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("local")).toBe("local");
  });

  it("hashes a /64 as its /56's eight digits then its own eight: neighbours share the first, not the rest", async () => {
    const [a, b, other] = await Promise.all(
      ["2001:db8:1:2a01::1", "2001:db8:1:2a7f::1", "2001:db8:1:2b01::1"].map((ip) => addressGroupHash(SECRET, ip)),
    );
    expect(a).toHaveLength(16);
    expect(a.slice(0, 8)).toBe(b.slice(0, 8));
    expect(a).not.toBe(b);
    expect(other.slice(0, 8)).not.toBe(a.slice(0, 8));
    expect(a.slice(0, 8)).toBe((await sha256Hex(`${SECRET}:ip:2001:db8:1:2a00::/56`)).slice(0, 8));
  });
});
