import { TRAFFIC_RANGES } from "./page-visit";

// UTC days as the rollups key them ("2026-11-22"), and the windows of the cron's page totals (docs/decisions/020).

const DAY_MS = 24 * 3600 * 1000;

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** Ranges whose top pages read totals kept by the cron; a day's range reads its two days directly. */
export const RANGES_WITH_PAGE_TOTALS = Object.values(TRAFFIC_RANGES).filter((days) => days > 1);

/**
 * A range of R days shows the pages of R + 1 UTC days (from the day the range starts in, to today). The totals
 * for R cover R - 1 whole days ending at their `as_of`, so they fit inside the range whether the cron has
 * rolled yesterday in yet or not (as_of is yesterday or the day before); the query reads the rest.
 */
export const pageTotalsWindowStart = (rangeDays: number, asOf: string) => addDays(asOf, -(rangeDays - 2));

/**
 * A visit's batch takes its time before it runs, so a day is complete only a little after midnight: the cron
 * rolls a day into the totals once it ended this long ago.
 */
export const DAY_SETTLES_MS = 5 * 60_000;

/** The last whole day the cron may roll into the totals at `nowMs`. */
export const settledDay = (nowMs: number) => addDays(dayOf(nowMs - DAY_SETTLES_MS), -1);
