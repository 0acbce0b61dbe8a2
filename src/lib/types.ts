// The API's response shapes come from the worker's type-only contract (docs/decisions/006), so a change
// on either side fails type checking on the other.
export type {
  ApiErrorBody,
  CreatorCardJson,
  CurrentUserJson as CurrentUser,
  LogoutResponse,
  RedirectUrlResponse,
  SessionResponse,
} from "../../worker/api-types";
