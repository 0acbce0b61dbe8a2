import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useInterval } from "../../hooks/use-interval";
import type { ContentJson } from "../../../common/schemas/content";
import { usePlayerPrefs } from "../../stores/player-prefs";
import type { DiscoveryState } from "../../lib/discovery";
import { buttonClass } from "../ui";
import { SuggestionCard } from "./suggestion-card";
import { UP_NEXT_COUNT } from "./up-next-count";

/** docs/product-spec.md §4/§9: Up Next closes itself (or, with auto-play, moves on) after 10 seconds. */
const UP_NEXT_SECONDS = 10;

type UpNextPanelProps = {
  /** null while the suggestions are still loading. */
  suggestions: ContentJson[] | null;
  onClose: () => void;
  /**
   * Playing a playlist (docs/decisions/090): the suggestions are its next items, opened within the list as a
   * browse, and the panel names the list.
   */
  playlist?: { id: string; title: string };
};

const linkOf = (item: ContentJson, playlist: UpNextPanelProps["playlist"]) =>
  playlist
    ? { to: `/content/${item.id}?list=${playlist.id}`, state: { discovery: "browse" } as DiscoveryState }
    : { to: `/content/${item.id}`, state: { discovery: "ai_recommended" } as DiscoveryState };

/**
 * After the content (and its post-roll): what to watch next (docs/product-spec.md §2 "Up Next overlay"). A visible
 * countdown closes the panel, or opens the first suggestion when 'Auto-play next' is on (remembered
 * for the next visit).
 */
export function UpNextPanel({ suggestions: all, onClose, playlist }: UpNextPanelProps) {
  // The first few: one row of whole cards; Related beside the player lists the rest (docs/decisions/098).
  const suggestions = all?.slice(0, UP_NEXT_COUNT) ?? null;
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const autoplay = usePlayerPrefs((s) => s.autoplayNext);
  const setAutoplay = usePlayerPrefs((s) => s.setAutoplayNext);
  const [secondsLeft, setSecondsLeft] = useState(UP_NEXT_SECONDS);
  const first = suggestions?.[0];

  useInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), secondsLeft > 0 ? 1000 : null);

  // Reading the latest choice when time is up: ticking the box during the countdown counts.
  const finishRef = useRef(() => {});
  useEffect(() => {
    finishRef.current = () => {
      if (autoplay && first) {
        const { to, state } = linkOf(first, playlist);
        void navigate(to, { state });
      } else {
        onClose();
      }
    };
  }, [autoplay, first, navigate, onClose, playlist]);
  useEffect(() => {
    if (secondsLeft === 0) finishRef.current();
  }, [secondsLeft]);

  // The content just ended: the panel is where the viewer's next move is.
  useEffect(() => panelRef.current?.focus({ preventScroll: true }), []);

  const empty = suggestions !== null && suggestions.length === 0;

  return (
    <section
      ref={panelRef}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="flex size-full flex-col gap-2 bg-slate-950/95 p-3 outline-none sm:gap-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 sm:gap-x-6">
        <h2 id={titleId} className="text-base font-semibold sm:text-xl">
          Up Next
          {playlist ? (
            <span className="block text-xs font-normal text-slate-400 sm:text-sm">
              From <span className="wrap-anywhere">{playlist.title}</span>
            </span>
          ) : null}
        </h2>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-300 sm:gap-x-5 sm:text-sm">
          <p role="timer">
            Auto-close in <span className="font-semibold tabular-nums text-white">{secondsLeft}</span>s
          </p>
          <label className="inline-flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              checked={autoplay}
              onChange={(event) => setAutoplay(event.target.checked)}
              className="size-4 accent-violet-500"
            />
            Auto-play next
          </label>
        </div>
      </div>

      {/* The suggestions take all the room between the title and the buttons: a strip to swipe through on a
          phone's small player, one row of whole cards from `sm` up (two, three from `lg`) whose cards grow with
          the player: a second row was cut by the control bar (docs/decisions/098). */}
      {suggestions === null ? (
        <ul aria-busy="true" aria-label="Loading suggestions" className={listClass}>
          {Array.from({ length: UP_NEXT_COUNT }, (_, index) => (
            <li key={index} className={`${itemClass(index)} animate-pulse rounded-xl bg-slate-900`} />
          ))}
        </ul>
      ) : empty ? (
        <p className="grid min-h-0 flex-1 place-items-center text-center text-sm text-slate-400">
          No suggestions right now. Browse the gallery for more.
        </p>
      ) : (
        <ul aria-label="Suggestions" className={listClass}>
          {suggestions.map((item, index) => (
            <li key={item.id} className={itemClass(index)}>
              <SuggestionCard item={item} {...linkOf(item, playlist)} />
            </li>
          ))}
        </ul>
      )}

      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/" className={buttonClass("secondary", "compact")}>
          Browse All Content
        </Link>
        <button type="button" className={buttonClass(empty ? "primary" : "secondary", "compact")} onClick={onClose}>
          {empty ? "Stay Here" : "Close"}
        </button>
      </div>
    </section>
  );
}

const listClass =
  "flex min-h-0 flex-1 snap-x snap-mandatory gap-2 overflow-x-auto " +
  "sm:grid sm:snap-none sm:grid-cols-2 sm:grid-rows-1 sm:gap-3 sm:overflow-hidden lg:grid-cols-3";
/** The third card waits for `lg`'s third column: between `sm` and `lg` a row holds two. */
const itemClass = (index: number) =>
  `w-72 max-w-[85%] shrink-0 snap-start sm:w-auto sm:max-w-none ${index >= 2 ? "sm:max-lg:hidden" : ""}`;
