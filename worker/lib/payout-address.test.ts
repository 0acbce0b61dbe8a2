import { describe, expect, it } from "vitest";
import { normalizePayoutAddress, payoutAddressProblem, trimPayoutAddress } from "../../common/payouts";

// common/payouts.ts: payout addresses checked as the payment services check them (docs/decisions/066), and the key that
// names one destination however it is typed. (common/ has no test project of its own: vitest.config.ts runs
// worker/** and src/**, so the rules both sides share are tested here, as chapters.test.ts does.)

const x = (n: number, c = "a") => c.repeat(n);
const paypal = (address: string) => payoutAddressProblem("PayPal", address);
const venmo = (address: string) => payoutAddressProblem("Venmo", address);
const bank = (address: string) => payoutAddressProblem("Bank Transfer", address);

describe("payoutAddressProblem: PayPal takes an email address", () => {
  it("accepts real addresses, trimmed", () => {
    for (const address of [
      "ava@example.com",
      "  ava@example.com  ",
      "Ava.Lovelace+payouts@Mail.Example.co.uk",
      "o'brien@example.ie",
      "first_last-1@sub-domain.example.org",
      "a@b.co",
      "user@xn--80ak6aa92e.xn--p1ai",
      `${x(64)}@example.com`,
    ]) {
      expect(paypal(address), address).toBeNull();
    }
  });

  it("asks for the address when there is none, or no email address at all", () => {
    expect(paypal("")).toBe("Enter your PayPal email address");
    expect(paypal("   ")).toBe("Enter your PayPal email address");
    for (const address of [
      "ava",
      "not an email",
      "ava.example.com",
      "@example.com",
      "ava@",
      "ava@@example.com",
      "a@b@example.com",
    ]) {
      expect(paypal(address), address).toBe("Enter the email address of your PayPal account");
    }
  });

  it("refuses spaces inside", () => {
    expect(paypal("ava lovelace@example.com")).toBe("An email address can't contain spaces");
    expect(paypal("ava@exa mple.com")).toBe("An email address can't contain spaces");
    expect(paypal("ava@example.com\tx")).toBe("An email address can't contain spaces");
  });

  it("limits the part before @ to 64 characters (the 153-character one of docs/decisions/066's finding is refused)", () => {
    expect(paypal(`${x(65)}@example.com`)).toBe("The part before @ can be at most 64 characters");
    expect(paypal(`${x(153)}@example.com`)).toBe("The part before @ can be at most 64 characters");
  });

  it("limits the domain to 253 characters and the whole address to 254", () => {
    const label63 = x(63, "d");
    // 4 labels of 63 + 3 dots = 255 characters: a domain too long.
    expect(paypal(`a@${[label63, label63, label63, label63].join(".")}`)).toBe(
      "The part after @ can be at most 253 characters",
    );
    // 63 + 63 + 63 + 57 ("ddd….com") + 3 dots = 249 characters: a fine domain, and with "a@" a 251-character address.
    const domain249 = [label63, label63, label63, `${x(53, "d")}.com`].join(".");
    expect(domain249.length).toBe(249);
    expect(paypal(`a@${domain249}`)).toBeNull();
    expect(paypal(`${x(3)}@${domain249}`)).toBeNull(); // 253
    expect(paypal(`${x(4)}@${domain249}`)).toBeNull(); // 254
    expect(paypal(`${x(5)}@${domain249}`)).toBe("An email address can be at most 254 characters"); // 255
    expect(paypal(`${x(64)}@${domain249}`)).toBe("An email address can be at most 254 characters");
  });

  it("refuses dots out of place and characters an address can't have before the @", () => {
    for (const address of [".ava@example.com", "ava.@example.com", "ava..lovelace@example.com"]) {
      expect(paypal(address), address).toBe(
        "The part before @ can't start or end with a dot, or have two dots in a row",
      );
    }
    for (const address of [
      'a"b@example.com',
      "a(b)@example.com",
      "a,b@example.com",
      "a;b@example.com",
      "a<b>@example.com",
      "a\\b@example.com",
      "ávä@example.com",
    ]) {
      expect(paypal(address), address).toBe("The part before @ has a character an email address can't have");
    }
  });

  it("wants a domain of dot-separated labels of 1–63 letters, digits and hyphens, ending in a top-level domain", () => {
    for (const address of ["ava@localhost", "ava@example..com", "ava@.example.com", "ava@example.com."]) {
      expect(paypal(address), address).toBe("The part after @ must be a domain like example.com");
    }
    expect(paypal(`ava@${x(64, "d")}.com`)).toBe("Each part of the domain between dots can be at most 63 characters");
    expect(paypal(`ava@${x(63, "d")}.com`)).toBeNull();
    for (const address of ["ava@exa_mple.com", "ava@exam!ple.com", "ava@bücher.de", "ava@[192.168.0.1]"]) {
      expect(paypal(address), address).toBe("The part after @ can only have letters (a–z), digits, hyphens and dots");
    }
    for (const address of ["ava@-example.com", "ava@example-.com", "ava@mail.-x.com", "ava@example.com-"]) {
      expect(paypal(address), address).toBe("A part of the domain can't start or end with a hyphen");
    }
    for (const address of ["ava@example.c", "ava@example.123", "ava@192.168.0.1", "ava@example.c0m"]) {
      expect(paypal(address), address).toBe("The domain must end in at least 2 letters, like .com");
    }
  });
});

describe("payoutAddressProblem: Venmo takes a username, a US phone number or an email address", () => {
  it("accepts usernames of 5–30 letters, digits, hyphens and underscores, the @ optional", () => {
    for (const address of ["ava-lovelace", "@ava-lovelace", "Ava_Lovelace_1815", "abcde", `@${x(30)}`, "@2125550123"]) {
      expect(venmo(address), address).toBeNull();
    }
  });

  it("refuses usernames Venmo would not have", () => {
    const rule = "A Venmo username has 5 to 30 letters, digits, hyphens or underscores";
    for (const address of ["abcd", "@abcd", x(31), `@${x(31)}`, "ava.lovelace", "ava!", "@", "ávalovelace"]) {
      expect(venmo(address), address).toBe(rule);
    }
    // An @ further in makes it an email address, and this one is none.
    expect(venmo("@@ava-lovelace")).toBe("Enter your Venmo username, US phone number or email address");
    expect(venmo("ava lovelace")).toBe("A Venmo username can't contain spaces");
  });

  it("accepts a US phone number written any usual way", () => {
    for (const address of [
      "2125550123",
      "212-555-0123",
      "(212) 555-0123",
      "212.555.0123",
      "+1 212 555 0123",
      "1-212-555-0123",
      "+1 (212) 555-0123",
    ]) {
      expect(venmo(address), address).toBeNull();
    }
  });

  it("refuses digits that are not a US phone number", () => {
    for (const address of [
      "555-0123",
      "12125550123456",
      "(012) 555-0123",
      "112-555-0123",
      "212-155-0123",
      "+44 20 7946 0958",
      "12345",
    ]) {
      expect(venmo(address), address).toBe("Enter a US phone number with 10 digits");
    }
  });

  it("checks an email address as PayPal does", () => {
    expect(venmo("ava@example.com")).toBeNull();
    expect(venmo(`${x(65)}@example.com`)).toBe("The part before @ can be at most 64 characters");
    expect(venmo("ava@localhost")).toBe("The part after @ must be a domain like example.com");
    expect(venmo("ava@")).toBe("Enter your Venmo username, US phone number or email address");
  });

  it("asks for something when there is nothing", () => {
    expect(venmo("")).toBe("Enter your Venmo username, US phone number or email address");
    expect(venmo("  ")).toBe("Enter your Venmo username, US phone number or email address");
  });
});

describe("payoutAddressProblem: bank transfer takes free text", () => {
  it("takes 1–200 characters, trimmed", () => {
    expect(bank("Chase, routing 021000021, account 1234567890, Ava Lovelace")).toBeNull();
    expect(bank(x(200))).toBeNull();
    expect(bank(`  ${x(200)}  `)).toBeNull();
    expect(bank(x(201))).toBe("Bank details can be at most 200 characters");
    expect(bank("")).toBe("Enter your bank account details");
    expect(bank(" \n ")).toBe("Enter your bank account details");
  });

  it("refuses broken characters under every method, asks again for invisible-only details, counts UTF-16 units", () => {
    const broken = "The payout address contains characters that cannot be shown";
    for (const address of ["Chase\u0000 021000021", "Chase \ud800", "Chase\u007f"]) {
      expect(bank(address), JSON.stringify(address)).toBe(broken);
      expect(paypal(`ava${address.slice(5)}@example.com`), JSON.stringify(address)).toBe(broken);
      expect(venmo(`@ava-l${address.slice(5)}`), JSON.stringify(address)).toBe(broken);
    }
    expect(bank("\u200b\u200b")).toBe("Enter your bank account details");
    expect(payoutAddressProblem("Cheque", "\u200b")).toBe("Enter where you want to be paid");
    // An emoji is two units, as the text box counts it.
    expect(bank("💸".repeat(100))).toBeNull();
    expect(bank(`${"💸".repeat(100)}a`)).toBe("Bank details can be at most 200 characters");
    expect(bank("Banque Épargne, 中国银行, بنك <b>1234</b>")).toBeNull();
  });

  it("refuses bidi controls and invisible characters inside an address; trims invisible ones at the ends (docs/decisions/108)", () => {
    const broken = "The payout address contains characters that cannot be shown";
    for (const address of [
      "IBAN DE00 \u202egnp.exe\u202c <b>x</b> 🦄",
      "IBAN DE00 1234\u202a",
      "\u2066IBAN DE00 1234",
      "IBAN DE00\u200b 1234",
      "IBAN DE00 12\u206034",
      "IBAN\u200e DE00 1234",
      "IBAN DE00 12\u00ad34",
      "IBAN DE00 12\u3164 34",
    ]) {
      expect(bank(address), JSON.stringify(address)).toBe(broken);
    }
    expect(paypal("ava\u200d@example.com")).toBe(broken);
    expect(venmo("212\u200b555 0123")).toBe(broken);
    expect(venmo("@ava-l\u2067")).toBe(broken);
    // A paste's zero-width space, word joiner or byte-order mark at either end is not part of the address.
    for (const address of ["IBAN DE00 1234\u200b", "\ufeffIBAN DE00 1234", " \u2060IBAN DE00 1234\u200c "]) {
      expect(trimPayoutAddress(address), JSON.stringify(address)).toBe("IBAN DE00 1234");
      expect(bank(address), JSON.stringify(address)).toBeNull();
    }
    expect(trimPayoutAddress("IBAN DE00 1234\u202e")).toBe("IBAN DE00 1234\u202e");
    // Fullwidth digits are characters of their own in bank details (the key folds them).
    expect(bank("IBAN DE00 １２３４")).toBeNull();
  });

  it("still asks for something under a method it does not know", () => {
    expect(payoutAddressProblem("Cheque", "")).toBe("Enter where you want to be paid");
    expect(payoutAddressProblem("Cheque", "12 Main St")).toBeNull();
  });
});

describe("normalizePayoutAddress: one key per destination", () => {
  it("keys an email address trimmed and lower-cased, dots and +tags kept, under any method", () => {
    expect(normalizePayoutAddress("PayPal", "  Ava.Lovelace+pay@Example.COM ")).toBe(
      "email:ava.lovelace+pay@example.com",
    );
    expect(normalizePayoutAddress("PayPal", "avalovelace@example.com")).toBe("email:avalovelace@example.com");
    expect(normalizePayoutAddress("PayPal", "ava.lovelace@example.com")).not.toBe(
      normalizePayoutAddress("PayPal", "avalovelace@example.com"),
    );
    expect(normalizePayoutAddress("PayPal", "ava+a@example.com")).not.toBe(
      normalizePayoutAddress("PayPal", "ava@example.com"),
    );
    // The same person's email under PayPal, Venmo and as bank details is one destination.
    const key = normalizePayoutAddress("PayPal", "Ava@Example.com");
    expect(normalizePayoutAddress("Venmo", " ava@example.com")).toBe(key);
    expect(normalizePayoutAddress("Bank Transfer", "AVA@EXAMPLE.COM")).toBe(key);
  });

  it("keys a Venmo username lower-cased without its @", () => {
    expect(normalizePayoutAddress("Venmo", "@Ava-Lovelace")).toBe("venmo:ava-lovelace");
    expect(normalizePayoutAddress("Venmo", " ava-lovelace ")).toBe("venmo:ava-lovelace");
    expect(normalizePayoutAddress("Venmo", "AVA_1815")).toBe("venmo:ava_1815");
    expect(normalizePayoutAddress("Venmo", "ava_1815")).not.toBe(normalizePayoutAddress("Venmo", "ava-1815"));
  });

  it("keys a phone number by its 10 digits, whatever the punctuation or country code", () => {
    for (const address of [
      "2125550123",
      "212-555-0123",
      "(212) 555-0123",
      "212.555.0123",
      "+1 212 555 0123",
      "1-212-555-0123",
    ]) {
      expect(normalizePayoutAddress("Venmo", address), address).toBe("phone:2125550123");
    }
  });

  it("keys bank details lower-cased without whitespace, hyphens, dots and slashes", () => {
    const key = normalizePayoutAddress("Bank Transfer", "Chase 021-000-021 / 1234.5678");
    expect(key).toBe("bank:chase02100002112345678");
    expect(normalizePayoutAddress("Bank Transfer", "  chase\n021000021/12345678 ")).toBe(key);
    expect(normalizePayoutAddress("Bank Transfer", "CHASE 021000021 12345678")).toBe(key);
    // Other punctuation still tells details apart.
    expect(normalizePayoutAddress("Bank Transfer", "Chase, 021000021, 12345678")).toBe("bank:chase,021000021,12345678");
  });

  it("folds fullwidth forms (NFKC) and drops invisible characters before the rest (docs/decisions/108)", () => {
    const key = normalizePayoutAddress("Bank Transfer", "IBAN DE00 1234");
    expect(key).toBe("bank:ibande001234");
    for (const address of [
      "IBAN DE00 1234\u200b",
      "IBAN DE00 1234\u2060",
      "IBAN DE00 １２３４",
      "ＩＢＡＮ　ＤＥ００　１２３４",
      "IBAN\u00a0DE00 1234.",
      "IBAN DE00\u200d 12\u202e34",
      "\ufeffiban de00-1234",
    ]) {
      expect(normalizePayoutAddress("Bank Transfer", address), JSON.stringify(address)).toBe(key);
    }
    expect(normalizePayoutAddress("PayPal", "ａｖａ@example.com\u200b")).toBe("email:ava@example.com");
    expect(normalizePayoutAddress("Venmo", "(２１２) ５５５-０１２３")).toBe("phone:2125550123");
    expect(normalizePayoutAddress("Venmo", "@ava\u200b_1815")).toBe("venmo:ava_1815");
    // Bank details' letters of other scripts that read as Latin ones are those letters (decision 104's table): one
    // account for a farm that writes its IBAN with a Cyrillic Е. Digits are not letters: 0 and O stay apart.
    expect(normalizePayoutAddress("Bank Transfer", "IBAN DЕ00 1234")).toBe(key);
    expect(normalizePayoutAddress("Bank Transfer", "IBAN DEOO 1234")).not.toBe(key);
  });

  it("keeps the kinds apart", () => {
    expect(normalizePayoutAddress("Venmo", "ava-lovelace")).not.toBe(
      normalizePayoutAddress("Bank Transfer", "ava-lovelace"),
    );
    expect(normalizePayoutAddress("Venmo", "2125550123")).not.toBe(
      normalizePayoutAddress("Bank Transfer", "2125550123"),
    );
    expect(normalizePayoutAddress("Venmo", "@2125550123")).toBe("venmo:2125550123");
  });

  it("gives the same key to every way the checks accept of typing one destination", () => {
    const ways: [method: string, address: string][][] = [
      [
        ["PayPal", "ava@example.com"],
        ["PayPal", " AVA@example.com "],
        ["Venmo", "Ava@Example.Com"],
      ],
      [
        ["Venmo", "@ben_99x"],
        ["Venmo", "Ben_99X"],
        ["Venmo", " @BEN_99X"],
      ],
      [
        ["Venmo", "(212) 555-0123"],
        ["Venmo", "+1 212.555.0123"],
      ],
    ];
    for (const group of ways) {
      for (const [method, address] of group) expect(payoutAddressProblem(method, address), address).toBeNull();
      expect(new Set(group.map(([method, address]) => normalizePayoutAddress(method, address))).size).toBe(1);
    }
  });
});
