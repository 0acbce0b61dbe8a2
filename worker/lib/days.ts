// UTC calendar days written "2026-11-22", as the rollups, reports and ad counters key them.

const DAY_MS = 24 * 3600 * 1000;

/** The days from `startDate` to `endDate`, both included. */
export type DayRange = { startDate: string; endDate: string };

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
