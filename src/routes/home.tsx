import { Link } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { ChallengePanel } from "../components/challenges/challenge-panel";
import { DiscoverContent } from "../components/gallery/discover-content";
import { HomeShelf } from "../components/recommendations/home-shelf";
import { buttonClass } from "../components/ui";
import { WelcomeHero } from "../components/welcome-hero";
import { useEarningsPoll } from "../queries/earnings-run";
import { useAuth } from "../stores/auth";

function HomePage() {
  const { user, pending } = useAuth(useShallow((s) => ({ user: s.user, pending: s.pending })));
  const showHero = !pending && !user;
  useEarningsPoll();

  return (
    <div className="space-y-8">
      {showHero ? <WelcomeHero /> : <h1 className="sr-only">Home</h1>}
      {user?.is_admin ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Link to="/upload/bulk" className={buttonClass("secondary")}>
            Bulk Upload
          </Link>
          <Link to="/admin" className={buttonClass("secondary")}>
            Admin
          </Link>
        </div>
      ) : null}
      {user ? (
        <>
          <ChallengePanel />
          {/* One shelf of tabs, not a row each: the gallery stays on the first screen (docs/decisions/098). */}
          <HomeShelf />
        </>
      ) : null}
      <DiscoverContent />
    </div>
  );
}

export { HomePage as Component };
