// A moment a member types (a schedule's publish_at): ISO 8601 with its offset, checked against the calendar.
// Date.parse is lenient where a person would not be: "2027-02-30" becomes 2 March and "24:00" the next day, so a
// typo would schedule a different day without a word (docs/decisions/107).

const ISO_PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** True when `value` is an ISO date and time with offset that names a real day and time of day. */
export function isCalendarDateTime(value: string): boolean {
  const m = ISO_PARTS.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second = 0, offsetHours = 0, offsetMinutes = 0] = m
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysIn(year!, month!)) return false;
  // Offsets in use run from -12:00 to +14:00.
  return hour! <= 23 && minute! <= 59 && second <= 59 && offsetHours <= 14 && offsetMinutes <= 59;
}
