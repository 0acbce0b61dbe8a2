import type { SignInBody } from "../../common/schemas/auth";
import { create } from "zustand";
import { api, describeFailure } from "../lib/api";
import { trackEvent } from "../lib/marketing-tags";
import type { CurrentUserJson } from "../../common/schemas/users";

export type AuthState = {
  user: CurrentUserJson | null;
  /** True until the first current-user fetch ends, so screens never flash the signed-out state. */
  pending: boolean;
  /** Never rejects: a failure is logged and leaves the visitor signed out. */
  fetchUser: () => Promise<CurrentUserJson | null>;
  /** Sends the browser to the sign-in provider; a failure is logged only. */
  redirectToLogin: () => Promise<void>;
  /** Rejects on failure; the auth callback screen logs it and goes home. */
  exchangeCodeForSessionToken: () => Promise<void>;
  logout: () => Promise<void>;
};

// In-flight requests are shared so concurrent callers (several screens on start, React StrictMode
// running an effect twice) cause one request. They are cleared before their promise settles.
let userRequest: Promise<CurrentUserJson | null> | null = null;
let exchangeRequest: Promise<void> | null = null;
// Bumped on logout so a user fetch that was already under way cannot sign the user back in.
let sessionEpoch = 0;

export const useAuth = create<AuthState>()((set, get) => ({
  user: null,
  pending: true,

  fetchUser() {
    userRequest ??= loadUser().finally(() => {
      userRequest = null;
    });
    return userRequest;

    async function loadUser(): Promise<CurrentUserJson | null> {
      const epoch = sessionEpoch;
      try {
        // GET /api/session answers a visitor 200 with no member: a signed-out page logs no failed request.
        const { user } = await api.GET("/api/session");
        if (epoch !== sessionEpoch) return null;
        set({ user, pending: false });
        return user;
      } catch (error) {
        console.error(describeFailure("Failed to fetch user", error));
        set({ user: null, pending: false });
        return null;
      }
    }
  },

  async redirectToLogin() {
    try {
      const { redirectUrl } = await api.GET("/api/oauth/google/redirect_url");
      window.location.assign(redirectUrl);
    } catch (error) {
      console.error(describeFailure("Failed to get login redirect URL", error));
    }
  },

  exchangeCodeForSessionToken() {
    exchangeRequest ??= exchange().finally(() => {
      exchangeRequest = null;
    });
    return exchangeRequest;

    async function exchange(): Promise<void> {
      const params = new URLSearchParams(window.location.search);
      const code = params.get("code");
      if (!code) {
        throw new Error("Cannot exchange code for session token: no code provided in the URL search params.");
      }
      try {
        const session = await api.POST("/api/sessions", {
          body: { code, state: params.get("state") ?? "" } satisfies SignInBody,
        });
        if (session?.created) trackEvent("user_signup");
      } catch (error) {
        throw describeFailure("Failed to exchange code for session token", error);
      }
      // A fetch started before the session cookie existed would answer "signed out"; let it
      // finish, then ask again so the new session is what the app sees.
      if (userRequest) await userRequest;
      await get().fetchUser();
    }
  },

  async logout() {
    sessionEpoch += 1;
    set({ user: null, pending: false });
    try {
      await api.GET("/api/logout");
    } catch (error) {
      console.error(describeFailure("Failed to log out", error));
    }
  },
}));

/** The signed-in user's id, null for a visitor: what per-account query keys carry. */
export const useUserId = () => useAuth((s) => s.user?.id ?? null);

/** Display name in the header: the username, else the email. */
export function displayName(user: CurrentUserJson): string {
  return user.username || user.email;
}
