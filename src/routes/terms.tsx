import { Link } from "react-router";
import { APPEAL_WINDOW_DAYS } from "../../common/appeals";
import { NEW_ACCOUNT_DAYS } from "../../common/comments";
import { EARNABLE_VIEWS_PER_DAY, TUNABLE_EARNING_RULES } from "../../common/earning-policy";
import { MINIMUM_PAYOUT_USD } from "../../common/payouts";
import { PolicyPage, PolicySection } from "../components/policies/policy-page";
import { formatUsd } from "../lib/format";
import { useViewReward } from "../queries/earning-rules";

// The Terms of Service in plain words (docs/product-spec.md §2 route table): what we pay for, when it can be taken back, and how a member is
// paid. The reward and the share to watch are the server's (GET /api/view-reward), the rest the shared constants,
// so the page cannot promise a number the product does not keep. The hold is the admin's to tune: its default is
// named as such.
const HOLD_DAYS = TUNABLE_EARNING_RULES.earnings_hold_days.default;

function TermsPage() {
  const reward = useViewReward();
  const each = reward ? formatUsd(reward.reward_usd) : "a fixed amount";
  const share = reward ? `at least ${reward.qualify_percent}%` : "most";
  const perItem = reward?.views_per_item_per_day ?? EARNABLE_VIEWS_PER_DAY;
  return (
    <PolicyPage title="Terms of Service" updated="30 November 2026">
      <p>
        Reelpay pays people for real attention: for watching and listening, and for making what others watch. These
        terms say what we pay for, when a payment can be taken back, and what we expect of everyone. By signing in you
        agree to them and to our <Link to="/privacy">Privacy Policy</Link>.
      </p>
      <PolicySection title="Your account">
        <p>
          You sign in with a Google account. One person, one account: an account made to earn twice, or run by a script,
          is not a member, and what it earned is not paid.
        </p>
      </PolicySection>
      <PolicySection title="What earns">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            A view earns {each} for the viewer and {each} for the creator when the viewer watches {share} of the video
            or track, in real time, while signed in.
          </li>
          <li>Your own uploads never earn, for you as a viewer or as their creator.</li>
          <li>
            One item earns a viewer at most {perItem} times a day, and every member has a daily limit of paid views.
            Items too short or too thin to be real media (a still picture, silence) play but do not earn.
          </li>
          <li>Comments, likes, follows and playlists never earn and never make a view count.</li>
        </ul>
      </PolicySection>
      <PolicySection title="Held, then available">
        <p>
          New earnings are held for a few days ({HOLD_DAYS} unless we announce otherwise) while we check them for farms
          and scripts. While held, earnings can be reversed: when a fraud review finds a pattern of views that were not
          real attention, when moderators take an item down, or when an account is suspended. A reversal is written as a
          new record beside the original, so your wallet always shows both. Once the hold ends, earnings are available.
        </p>
      </PolicySection>
      <PolicySection title="Getting paid">
        <p>
          Ask for a payout in your Wallet once {formatUsd(MINIMUM_PAYOUT_USD)} is available, to a PayPal, Venmo or bank
          account in your name. Our team checks the request and sends the money; a request is paid once, to the account
          it names. The sign-up bonus is paid like earnings, once the sign-on challenge is complete.
        </p>
      </PolicySection>
      <PolicySection title="What you upload and write">
        <p>
          Upload only what you made or may share. You keep your rights; you let Reelpay store, stream and show your
          uploads, thumbnails and comments to the audience you chose. Accounts younger than {NEW_ACCOUNT_DAYS} days post
          with stricter limits, and their links are not clickable.
        </p>
        <p>
          Anyone may report an item or a comment. Moderators may take it down or suspend an account; you are told why,
          and you may appeal once, within {APPEAL_WINDOW_DAYS} days of the action.
        </p>
      </PolicySection>
      <PolicySection title="Ads">
        <p>Some items play a short ad before or after them. Ads pay for the rewards; skipping them is your choice.</p>
      </PolicySection>
      <PolicySection title="Changes">
        <p>
          When these terms change we update this page and its date. Earnings already available stay yours under the
          terms they were earned under.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}

export { TermsPage as Component };
