import { describe, expect, it } from "vitest";
import { MAX_ENTRY_USD, MONEY_STEP } from "../../../common/money";
import { usdInput } from "../../../common/schemas/money-fields";
import { amountProblem } from "./money";

// The amount field refuses exactly what the server's schema refuses (docs/decisions/038).
describe("amountProblem agrees with the server's usdInput", () => {
  const samples = [
    "0",
    "0.001",
    "0.005",
    "0.0055",
    "0.01",
    "0.015",
    "1",
    "25.5",
    "999999.999",
    "1000000",
    "1000000.01",
    "1000000000",
    "1e9",
    "-1",
    "-0.01",
  ];
  it.each([
    ["earning", MONEY_STEP.earning, false],
    ["bonus", MONEY_STEP.bonus, false],
    ["payment", MONEY_STEP.payment, true],
  ] as const)("for a %s", (_kind, step, positive) => {
    const schema = usdInput("amount_usd", { step, positive });
    for (const text of samples) {
      const server = schema.safeParse(Number(text)).success;
      expect(amountProblem(text, step, { positive }) === null, `${text}`).toBe(server);
    }
  });

  it("refuses a comma in words, never reading 25,50 as 2550 or as 25.50", () => {
    for (const step of [MONEY_STEP.earning, MONEY_STEP.bonus, MONEY_STEP.payment]) {
      for (const text of ["25,50", "5,00", "2,550", "1,000.00"]) {
        expect(amountProblem(text, step)).toBe("Use a point for cents and no commas, like 25.50");
      }
    }
  });

  it("reads the typographic minus (U+2212) as a minus, refused in words", () => {
    expect(amountProblem("−5", MONEY_STEP.payment)).toBe("The amount cannot be negative");
    expect(amountProblem("−0.01", MONEY_STEP.bonus)).toBe("The amount cannot be negative");
  });

  it("reads only dollars as people write them: no hexadecimal, exponents or currency signs", () => {
    for (const typed of ["0x10", "1e3", "$25", "25.5.0", "Infinity", "- 5"])
      expect(amountProblem(typed, MONEY_STEP.payment), typed).toBe("Enter an amount in dollars");
    for (const typed of ["25", "25.5", " 25.50 ", ".5", "0"])
      expect(amountProblem(typed, MONEY_STEP.payment), typed).toBeNull();
  });

  it("names the largest amount", () => {
    expect(MAX_ENTRY_USD).toBe(1_000_000);
    expect(amountProblem("1000000000", MONEY_STEP.earning)).toBe(
      "Enter at most $1,000,000.00: one entry cannot carry more",
    );
    expect(amountProblem("0", MONEY_STEP.payment, { positive: true })).toBe("Enter an amount more than $0.00");
  });
});
