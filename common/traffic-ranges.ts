/** The traffic dashboard's ranges, in days (docs/decisions/020). */
export const TRAFFIC_RANGES = { "1d": 1, "7d": 7, "30d": 30, "90d": 90 } as const;
export type TrafficRange = keyof typeof TRAFFIC_RANGES;
