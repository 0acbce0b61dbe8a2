import type { PlaybackEventBody, PlaybackStartBody } from "../../common/schemas/playback";
import { trackEvent } from "./marketing-tags";
import { api } from "./api";
import type {
  EarningRulesJson,
  EarningsCalculateResponse,
  EarningsGroupBy,
  EarningsReport,
  MyViewsResponse,
  PaymentsResponse,
  PayoutRequestJson,
  PayoutRequestsResponse,
  PlaybackEventResponse,
  PlaybackStartResponse,
  WalletJson,
} from "./types";

// Typed calls for playback reporting, the earnings job and the wallet (docs/product-spec.md §7 "Playback and earnings",
// "Wallet"). Amounts arrive as USD numbers.

export type PlaybackStart = Required<Pick<PlaybackStartBody, "content_id" | "discovery_method" | "device_fingerprint">>;

/** Opens a view (docs/architecture.md §4 "A view"); later events carry its id. */
export const startPlayback = (body: PlaybackStart) =>
  api<PlaybackStartResponse>("/api/playback-events", {
    method: "POST",
    body: { ...body, event_type: "start", second_mark: 0 } satisfies PlaybackStartBody,
  }).then((started) => {
    trackEvent("video_play", { content_id: body.content_id });
    return started;
  });

/** A position report in a started view: `second_mark` is the furthest position reached, in seconds. */
export type PlaybackEvent = PlaybackEventBody & { view_id: string; event_type: "progress" | "complete" };

export const sendPlaybackEvent = (body: PlaybackEvent) =>
  api<PlaybackEventResponse>("/api/events/playback", { method: "POST", body });

export const calculateEarnings = () =>
  api<EarningsCalculateResponse>("/api/earnings/calculate", { method: "POST" });

export const getWallet = (signal?: AbortSignal) => api<WalletJson>("/api/me/wallet", { signal });

export const getPayments = (signal?: AbortSignal) => api<PaymentsResponse>("/api/me/payments", { signal });

/** The rules a view earns by, with the admin-tunable limits as they stand (docs/architecture.md §4 "A view"). */
export const getEarningRules = (signal?: AbortSignal) => api<EarningRulesJson>("/api/earning-rules", { signal });

export type ReportQuery = { startDate: string; endDate: string; groupBy: EarningsGroupBy };

export function getEarningsReport({ startDate, endDate, groupBy }: ReportQuery, signal?: AbortSignal) {
  const qs = new URLSearchParams({ startDate, endDate, groupBy });
  return api<EarningsReport>(`/api/me/earnings/calendar?${qs}`, { signal });
}

/** Whose side of a view the wallet lists: the caller's watching, or others watching the caller's content. */
export type ViewSide = MyViewsResponse["as"];

/** The caller's views of one UTC day (YYYY-MM-DD), each with what it did for them and why (docs/decisions/019). */
export function getMyViews(date: string, side: ViewSide, signal?: AbortSignal) {
  const qs = new URLSearchParams({ date });
  // Viewer is the server's default; only the creator side is named.
  if (side === "creator") qs.set("as", "creator");
  return api<MyViewsResponse>(`/api/me/views?${qs}`, { signal });
}

/** The member's payout requests and their pace toward the minimum (docs/decisions/036). */
export const getPayoutRequests = (signal?: AbortSignal) => api<PayoutRequestsResponse>("/api/me/payout-requests", { signal });

export type PayoutRequestInput = { amount_usd: number; payment_method: string; payout_address: string };

export const requestPayout = (body: PayoutRequestInput) =>
  api<PayoutRequestJson>("/api/me/payout-requests", { method: "POST", body });

export const cancelPayoutRequest = (id: string) =>
  api<PayoutRequestJson>(`/api/me/payout-requests/${id}/cancel`, { method: "POST" });
