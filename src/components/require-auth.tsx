import { Navigate, Outlet } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { useAuth } from "../stores/auth";
import { PageSpinner } from "./spinner";

type RequireAuthProps = {
  /** "admin" also requires `is_admin` on the current user. */
  role?: "user" | "admin";
};

/**
 * Layout route that lets its child routes render only for the right visitors and sends everyone
 * else to the home page. It waits for the first current-user fetch so a signed-in user reloading
 * /wallet is not bounced home before we know who they are.
 */
export function RequireAuth({ role = "user" }: RequireAuthProps) {
  const { user, pending } = useAuth(useShallow((s) => ({ user: s.user, pending: s.pending })));
  if (pending) return <PageSpinner />;
  if (!user || (role === "admin" && !user.is_admin)) return <Navigate to="/" replace />;
  return <Outlet />;
}
