import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { follow, listFollowedUploads, listFollowing, readFollowedUploads, unfollow } from "../lib/follows-api";
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

/** /following's page size: two rows of the widest grid's four columns, three times over. */
const FEED_PAGE = 24;

/** The following feed (/following, docs/decisions/101): the same pages as Home's row, with the bell's unread marks. */
export function useFollowingFeed() {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: queryKeys.followingFeed(userId),
    queryFn: ({ pageParam }) => listFollowedUploads(pageParam, FEED_PAGE),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: !!userId,
    // The marks are what was new when the page opened; opening it reads them, so a refetch on focus would wipe
    // them before they were seen.
    refetchOnWindowFocus: false,
    meta: { failure: "Failed to load uploads from creators you follow" },
  });
}

/**
 * Opening the feed reads it up to the newest upload shown (decision 101): the bell and Home's row load again. The page keeps its marks until it loads again. Throws on failure.
 */
export function useReadFollowingFeed() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return async (newestId: string) => {
    await readFollowedUploads(newestId);
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.followedUploads(userId) });
  };
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
    void queryClient.invalidateQueries({ queryKey: queryKeys.followingFeed(userId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.following(userId) });
  };
}
