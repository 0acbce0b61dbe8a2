import { ComingSoon } from "../coming-soon";

/** The home page's sign-on challenge panel (spec §2 "Challenge panel"). */
export function ChallengePanel() {
  return <ComingSoon level={2} title="Sign-On Challenge" what="your sign-up bonus challenge and its progress" />;
}
