import type { PlaybackEventBody, PlaybackStartBody } from "../../common/schemas/playback";
import { PAYOUT_METHODS, type PayoutMethod } from "../../common/payouts";
import { trackEvent } from "./marketing-tags";
import { api } from "./api";
import type { EarningsGroupBy } from "../../common/schemas/reports";
import type { MyViewsResponse } from "../../common/schemas/my-views";

// Typed calls for playback reporting, the earnings job and the wallet (docs/product-spec.md §7 "Playback and earnings",
// "Wallet"). Amounts arrive as USD numbers.

export type PlaybackStart = Required<Pick<PlaybackStartBody, "content_id" | "discovery_method" | "device_fingerprint">>;

/** Opens a view (docs/architecture.md §4 "A view"); later events carry its id. */
export const startPlayback = (body: PlaybackStart) =>
  api
    .POST("/api/playback-events", {
      body: { ...body, event_type: "start", second_mark: 0 } satisfies PlaybackStartBody,
    })
    .then((started) => {
      trackEvent("video_play", { content_id: body.content_id });
      return started;
    });

/** A position report in a started view: `second_mark` is the furthest position reached, in seconds. */
export type PlaybackEvent = PlaybackEventBody & { view_id: string; event_type: "progress" | "complete" };

export const sendPlaybackEvent = (body: PlaybackEvent) => api.POST("/api/events/playback", { body });

export const calculateEarnings = () => api.POST("/api/earnings/calculate");

export const getWallet = (signal?: AbortSignal) => api.GET("/api/me/wallet", { signal });

export const getPayments = (signal?: AbortSignal) => api.GET("/api/me/payments", { signal });

/** The rules a view earns by, with the admin-tunable limits as they stand (docs/architecture.md §4 "A view"). */
export const getEarningRules = (signal?: AbortSignal) => api.GET("/api/earning-rules", { signal });

/** What a view pays and the share to watch, for anyone (the sign-in dialog, the player). */
export const getViewReward = (signal?: AbortSignal) => api.GET("/api/view-reward", { signal });

export type ReportQuery = { startDate: string; endDate: string; groupBy: EarningsGroupBy };

export const getEarningsReport = ({ startDate, endDate, groupBy }: ReportQuery, signal?: AbortSignal) =>
  api.GET("/api/me/earnings/calendar", { params: { query: { startDate, endDate, groupBy } }, signal });

/** Whose side of a view the wallet lists: the caller's watching, or others watching the caller's content. */
export type ViewSide = MyViewsResponse["as"];

/** The caller's views of one UTC day (YYYY-MM-DD), each with what it did for them and why (docs/decisions/019). */
export function getMyViews(date: string, side: ViewSide, signal?: AbortSignal) {
  // Viewer is the server's default; only the creator side is named.
  const as = side === "creator" ? side : undefined;
  return api.GET("/api/me/views", { params: { query: { date, as } }, signal });
}

/** The member's payout requests and their pace toward the minimum (docs/decisions/036). */
export const getPayoutRequests = (signal?: AbortSignal) => api.GET("/api/me/payout-requests", { signal });

/** A payout request: only its amount; it is paid to the member's current destination (docs/decisions/066). */
export type PayoutRequestInput = { amount_usd: number };

export const requestPayout = ({ amount_usd }: PayoutRequestInput) =>
  api.POST("/api/me/payout-requests", { body: { amount_usd } });

/** Where the member is paid: the method and the address (PayPal email, Venmo username or phone, bank details). */
export type PayoutDestinationInput = { payment_method: string; payout_address: string };

/**
 * Sets the member's payout destination (docs/decisions/066): 200 with the destination; 409 when the address
 * belongs to another member, 400 when the address is not one. A change makes new requests wait 7 days.
 */
export const setPayoutDestination = ({ payment_method, payout_address }: PayoutDestinationInput) =>
  api.PUT("/api/me/payout-destination", { body: { payment_method: payoutMethod(payment_method), payout_address } });

/**
 * The route takes only the spec's methods. The form offers only those, but holds its choice as a string (a
 * select's value), so it is narrowed here; anything else would have been refused with a 400 anyway.
 */
function payoutMethod(method: string): PayoutMethod {
  const known = PAYOUT_METHODS.find((m) => m === method);
  if (!known) throw new Error(`Unknown payment method: ${method}`);
  return known;
}

export const cancelPayoutRequest = (id: string) =>
  api.POST("/api/me/payout-requests/{id}/cancel", { params: { path: { id } } });
