import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationGroup } from "../../common/notifications";
import type { NotificationsReadBody } from "../../common/schemas/notifications";
import { getNotifications, markNotificationsRead, setMutedGroups } from "../lib/follows-api";
import { queryKeys } from "../lib/query-keys";
import { useUserId } from "../stores/auth";

// The member's notifications (docs/decisions/046): the header's bell and Profile's settings read one answer.

/** The bell polls this often. */
const POLL_MS = 60_000;

/** The bell's notifications: signed-in members only, polled every minute. */
export function useNotificationsPoll() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.notifications(userId),
    queryFn: ({ signal }) => getNotifications(signal),
    enabled: !!userId,
    refetchInterval: POLL_MS,
    meta: { failure: "Failed to load notifications" },
  });
}

/** The notifications as Profile Settings reads them: which groups are muted. */
export function useNotifications() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.notifications(userId),
    queryFn: ({ signal }) => getNotifications(signal),
    meta: { failure: "Failed to load notifications" },
  });
}

/** Loads the notifications again (the bell opening). */
export function useRefreshNotifications() {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.notifications(useUserId());
  return () => queryClient.invalidateQueries({ queryKey });
}

/** Marks notifications read; the server's unread count and the read marks show without loading again. Throws on failure. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const queryKey = queryKeys.notifications(userId);
  return async (body: NotificationsReadBody) => {
    const { unread } = await markNotificationsRead(body);
    const readIds = new Set(body.ids ?? []);
    queryClient.setQueryData(
      queryKey,
      (old: Awaited<ReturnType<typeof getNotifications>> | undefined) =>
        old && {
          ...old,
          unread,
          items: old.items.map((n) => (body.all || readIds.has(n.id) ? { ...n, read: true } : n)),
        },
    );
    // Read in the bell, read in the following feed: its "New" marks follow (docs/decisions/101).
    void queryClient.invalidateQueries({ queryKey: queryKeys.followingFeed(userId) });
  };
}

/** Saves the muted groups, then loads the notifications again. Throws on failure. */
export function useSaveMutedGroups() {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.notifications(useUserId());
  return async (muted: NotificationGroup[]) => {
    await setMutedGroups(muted);
    await queryClient.invalidateQueries({ queryKey });
  };
}
