import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatorProfileJson } from "../../common/schemas/users";
import { getMyProfile } from "../lib/profile-api";
import { queryKeys } from "../lib/query-keys";
import { useUserId } from "../stores/auth";

// The member's own creator profile (docs/decisions/091), read by Profile Settings.

export function useMyProfile() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.myProfile(userId),
    queryFn: ({ signal }) => getMyProfile(signal),
    meta: { failure: "Failed to load your profile" },
  });
}

/** Shows the server's answer to a saved change at once, and has the member's creator page load again. */
export function useShowSavedProfile() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return (profile: CreatorProfileJson) => {
    queryClient.setQueryData(queryKeys.myProfile(userId), profile);
    if (userId) void queryClient.invalidateQueries({ queryKey: queryKeys.creator(userId) });
  };
}
