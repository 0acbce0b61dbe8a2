import { Link } from "react-router";

/** Under every screen: the policies a member agrees to (docs/product-spec.md §2 "Footer"). */
export function SiteFooter() {
  return (
    <footer className="mx-auto flex w-full max-w-7xl flex-wrap gap-x-6 gap-y-2 border-t border-slate-800 px-4 py-6 text-sm text-slate-400">
      <span>© 2026 Reelpay</span>
      <Link to="/terms" className="hover:text-slate-200">
        Terms of Service
      </Link>
      <Link to="/privacy" className="hover:text-slate-200">
        Privacy Policy
      </Link>
    </footer>
  );
}
