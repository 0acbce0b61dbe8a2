import { Link, useLocation, useNavigate } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { displayName, useAuth } from "../stores/auth";
import { HeaderSearch } from "./header-search";
import { buttonClass } from "./ui";

export function Header() {
  const isHome = useLocation().pathname === "/";
  return (
    <header className="sticky top-0 z-40 border-b border-slate-800 bg-slate-950/90 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        {/* The label keeps the name whole; some tools read the two-colour spans as "Reel pay". */}
        <Link
          to="/"
          aria-label="Reelpay"
          className="rounded text-xl font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          Reel<span className="text-violet-400">pay</span>
        </Link>
        {isHome && <HeaderSearch />}
        <AccountActions />
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
      <div className="ml-auto">
        <button
          type="button"
          className={buttonClass("primary", "compact")}
          onClick={() => void redirectToLogin()}
        >
          Sign In
        </button>
      </div>
    );
  }

  const signOut = () => {
    void logout();
    // Leave screens that only make sense signed in (wallet, player) for the public home page.
    navigate("/");
  };

  return (
    // On phones the account row takes its own line under the logo; from `sm` it sits on the right.
    <nav aria-label="Account" className="flex w-full flex-wrap items-center gap-1 sm:ml-auto sm:w-auto sm:gap-2">
      <Link to="/profile" className={buttonClass("ghost", "compact")}>
        Profile
      </Link>
      {user.is_admin ? (
        <Link to="/admin" className={buttonClass("ghost", "compact")}>
          Admin
        </Link>
      ) : null}
      <Link to="/wallet" className={buttonClass("ghost", "compact")}>
        Wallet
      </Link>
      <Link to="/upload" className={buttonClass("primary", "compact")}>
        Upload
      </Link>
      <span className="ml-auto max-w-32 truncate px-1 text-sm text-slate-300 sm:ml-0 sm:max-w-48" title={user.email}>
        {displayName(user)}
      </span>
      <button type="button" className={buttonClass("secondary", "compact")} onClick={signOut}>
        Sign Out
      </button>
    </nav>
  );
}
