import { useId, useState } from "react";
import { NOTIFICATION_GROUPS, type NotificationGroup } from "../../../common/notifications";
import { describeFailure } from "../../lib/api";
import { useNotifications, useSaveMutedGroups } from "../../queries/notifications";
import { card } from "../ui";

const LABELS: Record<NotificationGroup, { title: string; text: string }> = {
  uploads: { title: "New uploads", text: "When a creator you follow uploads something" },
  earnings: { title: "Earnings", text: "View rewards credited, released or reversed; sign-on bonuses" },
  payments: { title: "Payments", text: "Payments recorded and payout requests paid or rejected" },
  moderation: { title: "Moderation", text: "Your items taken down or restored; your account's standing" },
  comments: { title: "Comments", text: "New comments on your items" },
};

/** Profile Settings: which groups of notifications the bell shows (docs/decisions/046). Saved on each change. */
export function NotificationSettings() {
  const id = useId();
  const { data } = useNotifications();
  const saveMuted = useSaveMutedGroups();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const muted = data?.muted ?? [];

  async function toggle(group: NotificationGroup, on: boolean) {
    const next = on ? muted.filter((g) => g !== group) : [...muted, group];
    setSaving(true);
    setFailed(false);
    try {
      await saveMuted(next);
    } catch (error) {
      setFailed(true);
      console.error(describeFailure("Failed to save notification settings", error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-slate-400">Choose what the bell tells you about.</p>
      <ul className="mt-4 space-y-3">
        {NOTIFICATION_GROUPS.map((group) => (
          <li key={group}>
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                className="mt-1 size-4 shrink-0 accent-violet-500"
                checked={!muted.includes(group)}
                disabled={!data || saving}
                onChange={(e) => void toggle(group, e.target.checked)}
              />
              <span>
                <span className="block font-medium">{LABELS[group].title}</span>
                <span className="block text-sm text-slate-400">{LABELS[group].text}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {failed ? (
        <p role="alert" className="mt-3 text-sm text-red-400">
          Could not save your notification settings. Try again.
        </p>
      ) : null}
    </section>
  );
}
