import { useId } from "react";
import { Link } from "react-router";
import { useHeaderPopover } from "../hooks/use-header-popover";
import type { CurrentUserJson } from "../../common/schemas/users";
import { displayName } from "../stores/auth";
import { buttonClass } from "./ui";

type AccountMenuProps = { user: CurrentUserJson; onSignOut: () => void };

// From `lg` the links sit in the header row; below it they fold behind one Menu button, so the header
// stays one row on a phone (logo, search on the home page, Menu).
const panel =
  "absolute top-full right-0 z-50 mt-2 w-56 flex-col gap-1 rounded-xl border border-slate-800 bg-slate-900 p-2 shadow-xl shadow-black/40 " +
  "lg:static lg:mt-0 lg:flex lg:w-auto lg:flex-row lg:items-center lg:gap-2 lg:rounded-none lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none";

/** The signed-in user's links (Profile, Admin, Following, Wallet, Upload), name and Sign Out. */
export function AccountMenu({ user, onSignOut }: AccountMenuProps) {
  const { open, setOpen, rootRef: navRef, buttonRef } = useHeaderPopover<HTMLElement>();
  const panelId = useId();

  return (
    <nav ref={navRef} aria-label="Account" className="relative ml-auto shrink-0">
      <button
        ref={buttonRef}
        type="button"
        className={`${buttonClass("ghost", "icon")} lg:hidden`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <MenuIcon open={open} />
        <span className="sr-only">Menu</span>
      </button>
      <div id={panelId} className={`${open ? "flex" : "hidden"} ${panel}`}>
        <Link to="/profile" className={buttonClass("ghost", "compact")}>
          Profile
        </Link>
        {user.is_admin ? (
          <Link to="/admin" className={buttonClass("ghost", "compact")}>
            Admin
          </Link>
        ) : null}
        <Link to="/following" className={buttonClass("ghost", "compact")}>
          Following
        </Link>
        <Link to="/wallet" className={buttonClass("ghost", "compact")}>
          Wallet
        </Link>
        <Link to="/upload" className={buttonClass("primary", "compact")}>
          Upload
        </Link>
        <span
          className="truncate border-t border-slate-800 px-2.5 pt-2 text-center text-sm text-slate-300 lg:max-w-48 lg:border-0 lg:px-1 lg:pt-0"
          title={user.email}
        >
          {displayName(user)}
        </span>
        <button type="button" className={buttonClass("secondary", "compact")} onClick={onSignOut}>
          Sign Out
        </button>
      </div>
    </nav>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      className="size-5"
      aria-hidden="true"
    >
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
