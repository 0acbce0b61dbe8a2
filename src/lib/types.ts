// The API's response shapes come from the worker's type-only contract (docs/decisions/006), so a change
// on either side fails type checking on the other.
export type {
  ApiErrorBody,
  ContentJson,
  ContentListResponse,
  ContentType,
  CreatorCardJson,
  CreatorPageJson,
  CurrentUserJson as CurrentUser,
  FinalizeRequest,
  FinalizeResponse,
  LikeStatusResponse,
  LogoutResponse,
  RedirectUrlResponse,
  SessionResponse,
  UploadMultipartPlan,
  UploadPartsResponse,
  UploadSignRequest,
  UploadSignResponse,
} from "../../worker/api-types";
