import { useId } from "react";
import { Link } from "react-router";
import type { CurrentUserJson } from "../../../common/schemas/users";
import { useMyProfile, useShowSavedProfile } from "../../queries/profile";
import { CreatorAvatar } from "../creator/creator-avatar";
import { card } from "../ui";
import { BioLinksForm } from "./bio-links-form";
import { ProfileImageField } from "./profile-image-field";

/** Profile Settings → 'Creator page': avatar, banner, bio and links (docs/decisions/091). */
export function CreatorPageSettings({ user }: { user: CurrentUserJson }) {
  const id = useId();
  const { data: profile, isError } = useMyProfile();
  const showSaved = useShowSavedProfile();
  const name = user.username ?? "Member";

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} max-w-xl space-y-6`}>
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Creator page
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          What visitors see on{" "}
          <Link to={`/creator/${user.id}`} className="text-violet-300 underline hover:text-violet-200">
            your creator page
          </Link>
          . Your avatar also shows next to your name on your items.
        </p>
      </div>
      {profile ? (
        <>
          <ProfileImageField
            slot="avatar"
            url={profile.avatar_url}
            onSaved={showSaved}
            preview={<CreatorAvatar creatorId={user.id} name={name} url={profile.avatar_url} size="lg" eager />}
          />
          <ProfileImageField
            slot="banner"
            url={profile.banner_url}
            onSaved={showSaved}
            preview={
              profile.banner_url ? (
                <img
                  src={profile.banner_url}
                  alt=""
                  width={2048}
                  height={512}
                  className="aspect-[4/1] w-full rounded-xl bg-slate-800 object-cover"
                />
              ) : (
                <div
                  aria-hidden="true"
                  className="aspect-[4/1] w-full rounded-xl bg-gradient-to-br from-violet-950/60 via-slate-900 to-slate-950"
                />
              )
            }
          />
          <BioLinksForm profile={profile} onSaved={showSaved} />
        </>
      ) : isError ? (
        <p role="alert" className="text-sm text-red-400">
          Could not load your creator page settings. Please reload.
        </p>
      ) : (
        <p className="text-sm text-slate-400">Loading…</p>
      )}
    </section>
  );
}
