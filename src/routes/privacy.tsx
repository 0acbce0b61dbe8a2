import { Link } from "react-router";
import { PolicyPage, PolicySection } from "../components/policies/policy-page";

// The Privacy Policy in plain words (docs/product-spec.md §2 route table): what Reelpay keeps, why, for how long, and who else sees it. Each
// line is what the product does (docs/architecture.md): address groups are salted hashes (docs/decisions/030),
// raw visits and views move out of the database after their windows (docs/decisions/051), marketing tags load
// only when an admin sets their ids.

function PrivacyPage() {
  return (
    <PolicyPage title="Privacy Policy" updated="30 November 2026">
      <p>
        Reelpay pays for real attention, so it keeps what it needs to prove a view was real and to pay the right person,
        and nothing it does not need. We never sell what we know about you. See also our{" "}
        <Link to="/terms">Terms of Service</Link>.
      </p>
      <PolicySection title="What we keep">
        <ul className="list-disc space-y-1 pl-5">
          <li>From Google: your email address and account id, to sign you in. Never your password.</li>
          <li>
            What you choose to show: your username, bio, links, avatar and banner, uploads, comments and playlists.
          </li>
          <li>
            What you watch: how far each view got, in real time, and a one-way hash of your network address (salted, so
            it cannot be turned back into the address). These decide whether a view earns and let us find farms.
          </li>
          <li>Your earnings, reversals and payouts, and the payout address you give us.</li>
          <li>Pages visited, with a hashed address and your browser&apos;s name, for traffic counts.</li>
        </ul>
      </PolicySection>
      <PolicySection title="Why">
        <p>
          To sign you in, to pay views that were real attention and refuse those that were not, to keep the money
          records every payment is checked against, to recommend what you may like (from your likes and views), and to
          moderate reports.
        </p>
      </PolicySection>
      <PolicySection title="How long">
        <p>
          Detailed views and visits leave the live database after a few days and are kept in archived storage as the
          evidence behind earnings. Money records are kept as long as the law requires us to keep payment records.
          Notifications are deleted after about a week. When you delete an item, its media is removed after a short
          grace period; its views stay as the record of what was paid.
        </p>
      </PolicySection>
      <PolicySection title="Who else sees it">
        <ul className="list-disc space-y-1 pl-5">
          <li>Everyone: what you made public (your creator page, public uploads, comments and public playlists).</li>
          <li>Creators: how many people watched their items, never who.</li>
          <li>
            Ad servers: when an ad plays, your browser asks the ad server for it, which sees your address as any site
            does.
          </li>
          <li>
            Analytics and ad pixels (Google Analytics, Meta) load only if the operator has turned them on, and then
            receive page views and a few events such as a play or an upload.
          </li>
          <li>Payment services: your payout address and amount, to pay you.</li>
        </ul>
      </PolicySection>
      <PolicySection title="Your choices">
        <p>
          Edit or clear your profile at any time, delete your uploads and comments, and turn notification groups off in
          Profile settings. Ask us for a copy of what we keep about you, or to close your account.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}

export { PrivacyPage as Component };
