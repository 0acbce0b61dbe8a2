import { ID_PATTERN } from "../lib/ids";

// The reviewed list of routes anyone may call. A route added anywhere else must refuse anonymous callers;
// the route walks of route-access.test.ts and abuse/authorization-matrix.test.ts fail when one does not.
export const PUBLIC_ROUTES = new Set([
  "GET /api/oauth/google/redirect_url",
  "POST /api/sessions",
  "GET /api/logout",
  // Who this browser is signed in as: a visitor is answered 200 with no member (the app asks on every load).
  "GET /api/session",
  "GET /api/users/:id{(?!me$)[^/]+}",
  // A creator's avatar and banner, like a thumbnail: shown on public pages (docs/decisions/091).
  "GET /api/users/:id{(?!me$)[^/]+}/avatar",
  "GET /api/users/:id{(?!me$)[^/]+}/banner",
  "GET /api/content",
  `GET /api/content/:id${ID_PATTERN}`,
  `GET /api/content/:id${ID_PATTERN}/thumbnail`,
  // An item's caption track, like its thumbnail: to whoever may open the item (docs/decisions/049).
  `GET /api/content/:id${ID_PATTERN}/captions/:lang`,
  // An item's seek previews, like its thumbnail: to whoever may open the item (docs/decisions/102).
  `GET /api/content/:id${ID_PATTERN}/storyboard`,
  // A playlist and a creator's public playlists (docs/decisions/090): a private list answers 404 to all but its owner.
  `GET /api/playlists/:id${ID_PATTERN}`,
  `GET /api/users/:id${ID_PATTERN}/playlists`,
  // An item's comments (docs/decisions/093): to whoever may open the item, like its captions.
  `GET /api/content/:id${ID_PATTERN}/comments`,
  "POST /api/analytics/track",
  "GET /api/analytics/config",
  // The ad feed's tracking beacons (docs/decisions/018): fired as images by every viewer's player.
  "GET /api/ads/track",
  // The view reward and the share to watch, for the sign-in dialog shown to visitors (docs/decisions/067).
  "GET /api/view-reward",
  // The API's own description and its interactive reference (docs/decisions/024).
  // oEmbed, the embed page's media and its ad breaks (docs/decisions/099): as to a visitor, whoever asks.
  "GET /api/oembed",
  `GET /api/embed/:id${ID_PATTERN}/media`,
  "GET /api/ad-settings",
  "GET /api/openapi.json",
  "GET /api/docs",
]);
