import type { CreatorProfileJson } from "../../../common/schemas/users";
import { linkHost } from "../../../common/profile";
import { profileImageVersion } from "../../domain/members/profile";
import { profileImagePath } from "../thumbnail-cache";

type ProfileRow = {
  id: string;
  bio: string | null;
  links: string | null;
  avatarKey: string | null;
  bannerKey: string | null;
};

const EMPTY: CreatorProfileJson = { bio: null, links: [], avatar_url: null, banner_url: null };

/** Where a page loads a creator's avatar or banner: the versioned, cached route (docs/decisions/091). */
const imageUrl = (userId: string, slot: "avatar" | "banner", key: string | null) =>
  key === null ? null : profileImagePath(userId, slot, profileImageVersion(key));

/** A creator's avatar address for cards and the player, or null (the page then shows their initial). */
export const avatarUrl = (userId: string, avatarKey: string | null) => imageUrl(userId, "avatar", avatarKey);

/** The profile as the API speaks it; empty when the caller may not see it (`shown` from showsProfile). */
export function creatorProfileJson(user: ProfileRow, shown: boolean): CreatorProfileJson {
  if (!shown) return EMPTY;
  const links = user.links ? (JSON.parse(user.links) as string[]) : [];
  return {
    bio: user.bio,
    links: links.map((url) => ({ url, host: linkHost(url) })),
    avatar_url: imageUrl(user.id, "avatar", user.avatarKey),
    banner_url: imageUrl(user.id, "banner", user.bannerKey),
  };
}
