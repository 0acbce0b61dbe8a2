import type { TrafficDashboard } from "../../common/schemas/traffic";

// Dashboards as GET /api/(admin/)analytics/dashboard returns them, for the component tests.

export const emptyDashboard: TrafficDashboard = {
  since: "2026-11-15T00:00:00.000Z",
  overview: { totalVisitors: 0, pageViews: 0, avgSessionDuration: 0, bounceRate: 0, topPages: [], topSources: [] },
  timeline: [],
  devices: [],
  campaigns: [],
};

export const dashboard: TrafficDashboard = {
  since: "2026-11-15T00:00:00.000Z",
  overview: {
    totalVisitors: 1234,
    pageViews: 4321,
    avgSessionDuration: 95,
    bounceRate: 0.4253,
    topPages: [
      { page: "/", views: 2100 },
      { page: "/content/c1", views: 1500 },
    ],
    topSources: [
      { source: "", visitors: 555, percentage: 0.45 },
      { source: "newsletter", visitors: 432, percentage: 0.35 },
      { source: "google.com", visitors: 247, percentage: 0.2 },
    ],
  },
  timeline: [
    { date: "2026-11-19", visitors: 400, pageViews: 1400 },
    { date: "2026-11-21", visitors: 834, pageViews: 2921 },
  ],
  devices: [
    { type: "mobile", visitors: 740, percentage: 0.6 },
    { type: "desktop", visitors: 494, percentage: 0.4 },
  ],
  campaigns: [
    { campaign: "launch", visitors: 8, conversions: 1 },
    { campaign: "", visitors: 3, conversions: 0 },
    { campaign: "dormant", visitors: 0, conversions: 0 },
  ],
};
