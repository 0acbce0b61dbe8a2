import { useId } from "react";
import { Link } from "react-router";
import { useHeaderPopover } from "../hooks/use-header-popover";
import type { NotificationsReadBody } from "../../common/schemas/notifications";
import { describeFailure } from "../lib/api";
import { formatDate } from "../lib/format";
import { useMarkNotificationsRead, useNotificationsPoll, useRefreshNotifications } from "../queries/notifications";
import { useUserId } from "../stores/auth";
import { notificationLink, notificationText } from "./follows/notification-text";
import type { DiscoveryState } from "../lib/discovery";
import { buttonClass } from "./ui";

// An upload the bell told of was found by following its creator (the studio's sources, docs/decisions/048).
const followDiscovery: DiscoveryState = { discovery: "follow" };

/**
 * The header's bell (docs/decisions/046): a button labelled "Notifications" (with ", N unread" while any are), showing the unread count, opening the
 * newest notifications with Mark read and Mark all read. Polled every minute; signed-in members only.
 */
export function NotificationBell() {
  const userId = useUserId();
  const { open, setOpen, rootRef, buttonRef } = useHeaderPopover<HTMLDivElement>();
  const panelId = useId();
  const { data } = useNotificationsPoll();
  const markNotificationsRead = useMarkNotificationsRead();
  const refreshNotifications = useRefreshNotifications();

  if (!userId) return null;
  const unread = data?.unread ?? 0;
  const shown = unread >= 100 ? "99+" : String(unread);
  const items = data?.items ?? [];

  async function markRead(body: NotificationsReadBody) {
    try {
      await markNotificationsRead(body);
    } catch (error) {
      console.error(describeFailure("Failed to mark notifications read", error));
    }
  }

  return (
    <div ref={rootRef} className="relative shrink-0">
      <button
        ref={buttonRef}
        type="button"
        // The name holds the badge's number, so speech users can say what they see (axe: label-content-name-mismatch).
        aria-label={unread ? `Notifications, ${shown} unread` : "Notifications"}
        aria-expanded={open}
        aria-controls={panelId}
        className={`${buttonClass("ghost", "icon")} relative`}
        onClick={() => {
          setOpen((o) => !o);
          if (!open) void refreshNotifications();
        }}
      >
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-5"
          aria-hidden="true"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread ? (
          <span
            data-testid="unread-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-violet-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
          >
            {shown}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="fixed inset-x-2 top-16 z-50 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-800 bg-slate-900 shadow-xl shadow-black/40 sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-800 px-4 py-3">
          <h2 className="font-semibold">Notifications</h2>
          <button
            type="button"
            className={buttonClass("ghost", "compact")}
            disabled={!unread}
            onClick={() => void markRead({ all: true })}
          >
            Mark all read
          </button>
        </div>
        {items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-400">
            Nothing yet. Follow creators to hear when they upload.
          </p>
        ) : (
          <ul aria-label="Notifications list" className="divide-y divide-slate-800">
            {items.map((n) => (
              <li key={n.id} className={`flex items-start gap-2 px-4 py-3 ${n.read ? "" : "bg-violet-950/30"}`}>
                <Link
                  to={notificationLink(n)}
                  state={n.group === "uploads" ? followDiscovery : undefined}
                  className="min-w-0 flex-1 rounded text-sm wrap-anywhere focus-visible:outline-2 focus-visible:outline-violet-400"
                  onClick={() => (n.read ? undefined : void markRead({ ids: [n.id] }))}
                >
                  <span className={n.read ? "text-slate-300" : "font-medium text-white"}>{notificationText(n)}</span>
                  <span className="block text-xs text-slate-400">{formatDate(n.at)}</span>
                </Link>
                {n.read ? null : (
                  <button
                    type="button"
                    className="shrink-0 rounded px-2 py-1 text-xs text-violet-300 hover:bg-slate-800"
                    onClick={() => void markRead({ ids: [n.id] })}
                  >
                    Mark read
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="flex justify-between gap-2 border-t border-slate-800 px-4 py-2">
          <Link to="/following" className="text-xs text-violet-300 hover:underline">
            All uploads from creators you follow
          </Link>
          <Link to="/profile" className="text-xs text-violet-300 hover:underline">
            Notification settings
          </Link>
        </div>
      </div>
    </div>
  );
}
