import { type RefObject, useEffect, useRef, useState } from "react";
import { languageName } from "../../../common/captions";
import type { CaptionTrackJson } from "../../../common/schemas/captions";

// An item's WebVTT captions in the player (docs/decisions/049): one <track> per language, the CC button that
// turns them on and off (with a choice of language when there are several), and the c key (player-shortcuts.ts),
// which switches the same tracks. The button follows the tracks' own modes, so both stay in step.

/** The viewer's own language first (the one c and the CC button turn on), then the others as the item lists them. */
function orderedTracks(tracks: readonly CaptionTrackJson[], preferred = navigator.language): CaptionTrackJson[] {
  const primary = (tag: string) => tag.toLowerCase().split("-")[0];
  const mine = tracks.filter((t) => primary(t.lang) === primary(preferred));
  return [...mine, ...tracks.filter((t) => !mine.includes(t))];
}

/** The <track> elements, inside the <video>: same origin, so the page's media-src 'self' lets them load. */
export function CaptionTrackElements({ tracks }: { tracks: readonly CaptionTrackJson[] }) {
  return orderedTracks(tracks).map((t) => (
    <track key={t.lang} kind="captions" src={t.url} srcLang={t.lang} label={languageName(t.lang)} />
  ));
}

const captionTracksOf = (media: HTMLMediaElement | null) =>
  Array.from(media?.textTracks ?? []).filter((t) => t.kind === "captions");

/** Shows the track of `lang`, or none (null). */
function show(media: HTMLMediaElement | null, lang: string | null) {
  for (const track of captionTracksOf(media)) track.mode = track.language === lang ? "showing" : "disabled";
}

/** The language whose track is showing, kept in step with every change of the tracks' modes (the c key's too). */
function useShowing(mediaRef: RefObject<HTMLMediaElement | null>) {
  const [showing, setShowing] = useState<string | null>(null);
  useEffect(() => {
    const list = mediaRef.current?.textTracks;
    if (!list) return;
    const read = () =>
      setShowing(captionTracksOf(mediaRef.current).find((t) => t.mode === "showing")?.language ?? null);
    list.addEventListener("change", read);
    list.addEventListener("addtrack", read);
    read();
    return () => {
      list.removeEventListener("change", read);
      list.removeEventListener("addtrack", read);
    };
  }, [mediaRef]);
  return [showing, setShowing] as const;
}

const buttonClass =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-1.5 text-xs font-bold tracking-wide text-slate-100 transition hover:bg-white/10 " +
  "focus-visible:outline-2 focus-visible:outline-violet-400";

/**
 * The CC button. With one language it turns it on and off; with several it opens a short list (Off and each
 * language) to choose from.
 */
export function CaptionsControl({
  tracks,
  mediaRef,
}: {
  tracks: readonly CaptionTrackJson[];
  mediaRef: RefObject<HTMLMediaElement | null>;
}) {
  const [showing, setShowing] = useShowing(mediaRef);
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener("pointerdown", close);
    return () => window.removeEventListener("pointerdown", close);
  }, [open]);
  if (!tracks.length) return null;
  const ordered = orderedTracks(tracks);
  const choose = (lang: string | null) => {
    show(mediaRef.current, lang);
    setShowing(lang);
    setOpen(false);
  };
  const single = ordered.length === 1;
  return (
    <div ref={boxRef} className="relative">
      <button
        type="button"
        className={`${buttonClass} ${showing ? "underline decoration-violet-400 decoration-2 underline-offset-4" : ""}`}
        aria-label={showing ? `Captions: ${languageName(showing)}` : "Captions"}
        aria-pressed={single ? showing !== null : undefined}
        aria-haspopup={single ? undefined : "menu"}
        aria-expanded={single ? undefined : open}
        onClick={() => (single ? choose(showing ? null : ordered[0]!.lang) : setOpen((o) => !o))}
      >
        CC
      </button>
      {open ? (
        <div
          role="menu"
          aria-label="Captions"
          className="absolute right-0 bottom-full z-30 mb-2 max-h-40 w-48 max-w-[70vw] overflow-y-auto rounded-xl bg-slate-900/95 p-1 shadow-lg ring-1 ring-white/10"
          onKeyDown={(event) => {
            if (event.key === "Escape") setOpen(false);
          }}
        >
          {[null, ...ordered.map((t) => t.lang)].map((lang) => (
            <button
              key={lang ?? "off"}
              type="button"
              role="menuitemradio"
              aria-checked={showing === lang}
              onClick={() => choose(lang)}
              className="block w-full truncate rounded-lg px-3 py-2 text-left text-sm text-slate-100 hover:bg-white/10 aria-checked:font-semibold aria-checked:text-violet-300"
            >
              {lang ? languageName(lang) : "Off"}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
