import { ComingSoon } from "../components/coming-soon";

function ProfilePage() {
  return <ComingSoon title="Profile" what="your profile settings, your uploads and the content you liked" />;
}

export { ProfilePage as Component };
