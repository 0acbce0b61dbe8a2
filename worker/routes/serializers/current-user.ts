import type { CurrentUserJson } from "../../../common/schemas/users";
import type { SessionUser } from "../../app-env";

/** The current user as the API speaks it (docs/product-spec.md §3 "Current user"). */
export function currentUserJson(user: SessionUser): CurrentUserJson {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    is_admin: user.isAdmin ? 1 : 0,
    created_at: user.createdAt,
    suspended: user.suspended,
  };
}
