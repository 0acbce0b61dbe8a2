import { FollowingFeed } from "../components/follows/following-feed";

/** /following (signed-in; the route guard sends visitors to /): new uploads of followed creators (decision 101). */
function FollowingPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Following</h1>
      <FollowingFeed />
    </div>
  );
}

export { FollowingPage as Component };
