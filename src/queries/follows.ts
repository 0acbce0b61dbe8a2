import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { follow, listFollowedUploads, listFollowing, unfollow } from "../lib/follows-api";
import { queryKeys } from "../lib/query-keys";
import type { CreatorPageJson } from "../../common/schemas/users";
import { useUserId } from "../stores/auth";

// Following creators (docs/decisions/046): whom the member follows, what those creators uploaded, and the
// follow itself.

/** Home's "From creators you follow": the newest uploads of followed creators, a keyset page at a time. */
export function useFollowedUploads() {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: queryKeys.followedUploads(userId),
    queryFn: ({ pageParam }) => listFollowedUploads(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: !!userId,
    meta: { failure: "Failed to load uploads from creators you follow" },
  });
}

/** Profile's "Following": the creators the member follows, most recently followed first, a page at a time. */
export function useFollowing() {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: queryKeys.following(userId),
    queryFn: ({ pageParam }) => listFollowing(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { failure: "Failed to load the creators you follow" },
  });
}

/**
 * Follows or unfollows one creator for the signed-in member (`userId`); the server's answer becomes the cached
 * creator page, and Home's section and Profile's list, which change with whom one follows, load again.
 * A failure is thrown for the caller to tell.
 */
export function useFollowChange(creatorId: string) {
  const queryClient = useQueryClient();
  return async (userId: string, following: boolean) => {
    const state = await (following ? follow(creatorId) : unfollow(creatorId));
    queryClient.setQueryData(queryKeys.creator(creatorId), (old: CreatorPageJson | null | undefined) =>
      old ? { ...old, ...state } : old,
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.followedUploads(userId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.following(userId) });
  };
}
