import type { CreatorPageJson } from "../../../common/schemas/users";
import type { getCreatorPage } from "../../domain/members/creator-page";
import { displayName } from "../../domain/username";
import { creatorProfileJson } from "./creator-profile";

/** A creator's public card: never the email; without a username, the member name (docs/decisions/004). */
export const creatorPageJson = ({
  user,
  counts,
  follow,
  showsProfile,
}: Awaited<ReturnType<typeof getCreatorPage>>): CreatorPageJson => ({
  id: user.id,
  username: user.username,
  display_name: displayName(user),
  created_at: user.createdAt,
  video_count: counts.video,
  audio_count: counts.audio,
  followers: follow.followers,
  following: follow.following,
  view_count: counts.views,
  ...creatorProfileJson(user, showsProfile),
});
