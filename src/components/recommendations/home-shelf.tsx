import { useId } from "react";
import { useFollowedUploads } from "../../queries/follows";
import { useContinueWatching } from "../../queries/history";
import { useRecommendations } from "../../queries/content";
import { useUserId } from "../../stores/auth";
import { useHomePrefs } from "../../stores/home-prefs";
import { FollowedUploadsRow } from "../follows/followed-uploads-section";
import { CONTINUE_WATCHING_LIMIT, ContinueWatchingRow } from "../history/continue-watching";
import { type TabItem, Tabs } from "../tabs";
import { RecommendedRow } from "./recommended-section";

/**
 * The signed-in home's one shelf of card rows (docs/decisions/098): Recommended for You, Continue watching and
 * From creators you follow as tabs over a single row, so the gallery starts on the first screen however many
 * rows a member has. A row is a tab only when it has something (Recommended also while it loads, and with its
 * "nothing yet" note); the member's last choice is remembered in this browser. The queries live here, shared
 * by key with the rows, so a tab appears as soon as its row has cards, whichever tab is open.
 */
export function HomeShelf() {
  const headingId = useId();
  const userId = useUserId();
  const chosen = useHomePrefs((s) => (userId ? s.shelfTab[userId] : undefined));
  const setChosen = useHomePrefs((s) => s.setShelfTab);
  const recommended = useRecommendations();
  const unfinished = useContinueWatching(CONTINUE_WATCHING_LIMIT);
  const followed = useFollowedUploads();

  const tabs: TabItem[] = [];
  // Without picks (the request failed, and was logged) there is no Recommended tab.
  if (recommended.isPending || recommended.data) {
    tabs.push({ id: "recommended", label: "Recommended for You", panel: <RecommendedRow /> });
  }
  if (unfinished.data?.length) {
    tabs.push({ id: "continue", label: "Continue watching", panel: <ContinueWatchingRow /> });
  }
  if (followed.data?.pages.some((page) => page.items.length > 0)) {
    tabs.push({ id: "following", label: "From creators you follow", panel: <FollowedUploadsRow /> });
  }
  if (tabs.length === 0) return null;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        For you
      </h2>
      <Tabs
        label="For you"
        tabs={tabs}
        selectedId={chosen}
        onSelect={(id) => {
          if (userId) setChosen(userId, id);
        }}
        panelClassName="pt-3"
      />
    </section>
  );
}
