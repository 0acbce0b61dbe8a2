import { ComingSoon } from "../components/coming-soon";

function CreatorPage() {
  return <ComingSoon title="Creator" what="this creator's page with all their videos and audio" />;
}

export { CreatorPage as Component };
