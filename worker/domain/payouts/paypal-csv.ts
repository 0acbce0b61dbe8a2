// The payment file PayPal's Payouts web upload takes (docs/decisions/066): no header row; one payout per line:
// recipient, amount, currency, customer id (our request id: the sender's item id, at most 30 characters),
// note to the recipient, recipient wallet (PAYPAL or VENMO) and, for Venmo, the social feed's privacy.

export type BatchLine = {
  requestId: string;
  paymentMethod: string;
  payoutAddress: string;
  amountMicros: number;
  batchId: number;
};

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** Whole cents as PayPal's US format reads them ("25.00"); requests are made in whole cents. */
const amountText = (micros: number) =>
  `${Math.floor(micros / 1_000_000)}.${String(Math.round((micros % 1_000_000) / 10_000)).padStart(2, "0")}`;

/** A Venmo recipient is a handle (without its @), a US mobile number (its digits) or an email. */
function venmoRecipient(address: string) {
  const a = address.trim();
  if (a.includes("@") && !a.startsWith("@")) return a;
  const digits = a.replace(/\D/g, "");
  if (/^[\d\s().+-]+$/.test(a) && digits.length >= 10) return digits.slice(-10);
  return a.replace(/^@/, "");
}

export function paypalPayoutsCsv(lines: BatchLine[]): string {
  return lines
    .map((l) => {
      const venmo = l.paymentMethod === "Venmo";
      const note = `Reelpay payout (batch ${l.batchId})`;
      const cells = [
        venmo ? venmoRecipient(l.payoutAddress) : l.payoutAddress.trim(),
        amountText(l.amountMicros),
        "USD",
        l.requestId,
        note,
        venmo ? "VENMO" : "PAYPAL",
      ];
      if (venmo) cells.push("PRIVATE");
      return cells.map(quoted).join(",");
    })
    .map((line) => `${line}\r\n`)
    .join("");
}
