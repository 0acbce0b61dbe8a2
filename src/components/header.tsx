import { Link, useLocation, useNavigate } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { useAuth } from "../stores/auth";
import { AccountMenu } from "./account-menu";
import { HeaderSearch } from "./header-search";
import { NotificationBell } from "./notification-bell";
import { buttonClass } from "./ui";

export function Header() {
  const isHome = useLocation().pathname === "/";
  return (
    <header className="sticky top-0 z-40 border-b border-slate-800 bg-slate-950/90 backdrop-blur">
      {/* One row at every width: the search shrinks and the account links fold into a menu on phones. Its height
          is fixed, whatever the row holds (search, Sign In, menu, nothing while the session is checked), so the
          page below never moves, and index.html's first-paint copy of this bar matches it (docs/decisions/044). */}
      <div className="mx-auto flex h-15.5 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        {/* The label keeps the name whole; some tools read the two-colour spans as "Reel pay". */}
        <Link
          to="/"
          aria-label="Reelpay"
          className="shrink-0 rounded text-xl font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          Reel<span className="text-violet-400">pay</span>
        </Link>
        {isHome && <HeaderSearch />}
        <AccountActions />
        <NotificationBell />
      </div>
    </header>
  );
}

function AccountActions() {
  const { user, pending, redirectToLogin, logout } = useAuth(
    useShallow((s) => ({
      user: s.user,
      pending: s.pending,
      redirectToLogin: s.redirectToLogin,
      logout: s.logout,
    })),
  );
  const navigate = useNavigate();

  // Until we know who this is, show no account controls rather than a Sign In that flickers away.
  if (pending) return <div className="ml-auto" />;

  if (!user) {
    return (
      <div className="ml-auto shrink-0">
        <button type="button" className={buttonClass("primary", "compact")} onClick={() => void redirectToLogin()}>
          Sign In
        </button>
      </div>
    );
  }

  const signOut = () => {
    void logout();
    // Leave screens that only make sense signed in (wallet, player) for the public home page.
    void navigate("/");
  };

  return <AccountMenu user={user} onSignOut={signOut} />;
}
