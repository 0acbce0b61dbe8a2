import { useAuth } from "../stores/auth";
import { HistoryTab } from "../components/history/history-tab";
import { LikedContent } from "../components/profile/liked-content";
import { FollowingList } from "../components/profile/following-list";
import { CreatorPageSettings } from "../components/profile/creator-page-settings";
import { NotificationSettings } from "../components/profile/notification-settings";
import { MyContent } from "../components/profile/my-content";
import { MyPlaylists } from "../components/playlists/my-playlists";
import { ProfileSettings } from "../components/profile/profile-settings";
import { SignOutEverywhere } from "../components/profile/sign-out-everywhere";
import { SuspendedNotice } from "../components/suspended-notice";
import { Tabs, type TabItem } from "../components/tabs";
import { LazyTrafficDashboard } from "../components/traffic/lazy-traffic-dashboard";

function ProfilePage() {
  // RequireAuth renders this screen only with a signed-in user.
  const user = useAuth((s) => s.user)!;
  const tabs: TabItem[] = [
    {
      id: "settings",
      label: "Profile Settings",
      panel: (
        <div className="space-y-6">
          <ProfileSettings user={user} />
          <CreatorPageSettings user={user} />
          <NotificationSettings />
          <SignOutEverywhere />
        </div>
      ),
    },
    { id: "content", label: "My Content", panel: <MyContent /> },
    { id: "liked", label: "Liked Content", panel: <LikedContent /> },
    { id: "history", label: "History", panel: <HistoryTab /> },
    { id: "playlists", label: "Playlists", panel: <MyPlaylists /> },
    { id: "analytics", label: "Analytics", panel: <LazyTrafficDashboard mode="creator" /> },
    { id: "following", label: "Following", panel: <FollowingList /> },
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Profile</h1>
      {user.suspended ? <SuspendedNotice /> : null}
      <Tabs label="Profile sections" tabs={tabs} />
    </div>
  );
}

export { ProfilePage as Component };
