import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { PlaylistJson } from "../../../common/schemas/playlists";
import { describeFailure, refusalOf } from "../../lib/api";
import type { DiscoveryState } from "../../lib/discovery";
import { addToPlaylist, removeFromPlaylist } from "../../lib/playlists-api";
import { useRefreshPlaylists, useSetPlaylist } from "../../queries/playlists";
import { DurationThumbnail } from "../gallery/content-thumbnail";
import { buttonClass } from "../ui";
import { FormError } from "../form-error";

// Opening an item from a list is browsing inside the product (docs/decisions/090): the view is counted and paid
// as any other.
const browse: DiscoveryState = { discovery: "browse" };

export const playUrl = (contentId: string, listId: string) => `/content/${contentId}?list=${listId}`;

type Entry = PlaylistJson["items"][number];

/**
 * A list's items in order. The owner moves an item with its Move up / Move down buttons, or with Alt+↑ / Alt+↓
 * anywhere in its row, and removes it; the new order shows at once and the server's answer then replaces it.
 * A move keeps the focus on the moved item and is announced.
 */
export function PlaylistItems({ list }: { list: PlaylistJson }) {
  const setList = useSetPlaylist(list.id);
  const refresh = useRefreshPlaylists();
  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // The moved item's button to focus once the new order is on screen.
  const focusAfter = useRef<{ id: string; button: "up" | "down" } | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());
  const items = list.items;

  useEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted) return;
    const row = rows.current.get(wanted.id);
    const button = row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.button}"]:not(:disabled)`);
    (button ?? row?.querySelector<HTMLButtonElement>("[data-move]:not(:disabled)"))?.focus();
    focusAfter.current = null;
  }, [items]);

  const fail = (what: string) => (error: unknown) => {
    const refusal = refusalOf(error);
    setProblem(refusal ?? `Could not ${what}. Please try again.`);
    if (!refusal) console.error(describeFailure(`Failed to ${what}`, error));
    void refresh();
  };

  async function move(index: number, by: -1 | 1) {
    const entry = items[index];
    const neighbour = items[index + by];
    if (!entry || !neighbour) return;
    setProblem(null);
    const reordered = [...items];
    reordered.splice(index, 1);
    reordered.splice(index + by, 0, entry);
    focusAfter.current = { id: entry.content.id, button: by < 0 ? "up" : "down" };
    setList({ ...list, items: reordered });
    setAnnouncement(`Moved "${entry.content.title}" to ${index + by + 1} of ${items.length}`);
    try {
      // The neighbour's stored place: items hidden from the list keep theirs in between.
      const answer = await addToPlaylist(list.id, entry.content.id, neighbour.position);
      setList(answer);
    } catch (error) {
      fail("move the item")(error);
    }
  }

  async function remove(entry: Entry) {
    setProblem(null);
    setList({
      ...list,
      items: items.filter((e) => e.content.id !== entry.content.id),
      item_count: list.item_count - 1,
    });
    setAnnouncement(`Removed "${entry.content.title}"`);
    try {
      await removeFromPlaylist(list.id, entry.content.id);
      await refresh();
    } catch (error) {
      fail("remove the item")(error);
    }
  }

  const onRowKey = (index: number) => (event: KeyboardEvent) => {
    if (!list.is_owner || !event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    void move(index, event.key === "ArrowUp" ? -1 : 1);
  };

  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-700 p-8 text-center text-slate-400">
        {list.is_owner
          ? "Nothing here yet. Use Watch later or Save on any item to add it."
          : "This playlist has no items."}
      </p>
    );
  }

  return (
    <div className="space-y-2">
      {list.is_owner ? <p className="text-xs text-slate-400">Tip: Alt+↑ and Alt+↓ move the item you are on.</p> : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <FormError message={problem} />
      <ol className="space-y-2" aria-label="Playlist items">
        {items.map((entry, index) => (
          <li
            key={entry.content.id}
            ref={(el) => {
              if (el) rows.current.set(entry.content.id, el);
              else rows.current.delete(entry.content.id);
            }}
            onKeyDown={onRowKey(index)}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-800 bg-slate-900/60 p-2 sm:flex-nowrap"
          >
            <span className="w-6 shrink-0 text-center text-sm tabular-nums text-slate-400">{index + 1}</span>
            <Link
              to={playUrl(entry.content.id, list.id)}
              state={browse}
              className="group flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-violet-400"
            >
              <DurationThumbnail item={entry.content} className="aspect-video w-24 sm:w-36" />
              <span className="min-w-0 flex-1">
                <span
                  title={entry.content.title}
                  className="line-clamp-2 text-sm font-semibold wrap-anywhere text-slate-100 group-hover:text-white"
                >
                  {entry.content.title}
                </span>
                <span className="block truncate text-xs text-slate-400">{entry.content.creator_name}</span>
              </span>
            </Link>
            {list.is_owner ? (
              // On a phone the controls take a row of their own, so the title keeps the width to be read.
              <div className="ml-auto flex shrink-0 basis-full justify-end gap-1 sm:basis-auto">
                <button
                  type="button"
                  data-move="up"
                  aria-label={`Move up: ${entry.content.title}`}
                  title="Move up (Alt+↑)"
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                  className={buttonClass("ghost", "icon")}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  data-move="down"
                  aria-label={`Move down: ${entry.content.title}`}
                  title="Move down (Alt+↓)"
                  disabled={index === items.length - 1}
                  onClick={() => void move(index, 1)}
                  className={buttonClass("ghost", "icon")}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button
                  type="button"
                  aria-label={`Remove: ${entry.content.title}`}
                  title="Remove"
                  onClick={() => void remove(entry)}
                  className={buttonClass("ghost", "icon")}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
