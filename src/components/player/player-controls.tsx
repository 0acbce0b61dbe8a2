import type { Chapter } from "../../../common/chapters";
import type { StoryboardJson } from "../../../common/schemas/storyboards";
import type { ReactNode } from "react";
import type { PlaybackState } from "../../hooks/use-media-playback";
import { SPEEDS, speedLabel } from "./playback-speed";
import {
  FullscreenIcon,
  LoopIcon,
  PauseIcon,
  PictureInPictureIcon,
  PlayIcon,
  TheatreIcon,
  VolumeIcon,
} from "./player-icons";
import { SeekBar, rangeClass, rangeFill } from "./seek-bar";

type PlayerControlsProps = {
  state: PlaybackState;
  visible: boolean;
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
  onRate: (rate: number) => void;
  onShowHelp: () => void;
  /** Absent for audio: there is nothing to show full screen. */
  fullscreen?: { active: boolean; toggle: () => void };
  /** Absent for audio and where the browser has no picture-in-picture. */
  pictureInPicture?: { active: boolean; toggle: () => void } | null;
  /** Absent where the page offers none (the embed, windows under 1024 px). */
  theatre?: { active: boolean; toggle: () => void };
  /** Play again from the start at the end; each time around is a new view (docs/decisions/102). */
  loop: { active: boolean; toggle: () => void };
  chapters?: readonly Chapter[];
  storyboard?: StoryboardJson | null;
  /** The CC button, when the item has captions (captions-control.tsx). */
  captions?: ReactNode;
  /** Under a layer that covers the bar (an ad): out of the tab order and out of reach. */
  inert?: boolean;
};

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-lg text-slate-100 transition hover:bg-white/10 " +
  "focus-visible:outline-2 focus-visible:outline-violet-400";

export function PlayerControls({
  state,
  visible,
  onTogglePlay,
  onSeek,
  onToggleMute,
  onVolume,
  onRate,
  onShowHelp,
  fullscreen,
  pictureInPicture,
  theatre,
  loop,
  chapters,
  storyboard,
  captions,
  inert,
}: PlayerControlsProps) {
  const volume = state.muted ? 0 : state.volume;
  return (
    <div
      data-state={visible ? "visible" : "hidden"}
      inert={inert}
      // Hidden controls stay in the tab order: focusing one (which wakes the player) shows them again. Not
      // under an ad: there they are inert, so Tab never lands on a control nobody can see.
      className={
        "absolute inset-x-0 bottom-0 z-10 space-y-1 bg-gradient-to-t from-slate-950/95 via-slate-950/60 to-transparent px-3 pt-10 pb-2 transition-opacity duration-300 " +
        (visible ? "opacity-100" : "pointer-events-none opacity-0")
      }
    >
      <SeekBar
        currentTime={state.currentTime}
        duration={state.duration}
        onSeek={onSeek}
        chapters={chapters}
        storyboard={storyboard}
      />
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={iconButton}
          aria-label={state.playing ? "Pause" : "Play"}
          onClick={onTogglePlay}
        >
          {state.playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={state.muted ? "Unmute" : "Mute"}
          onClick={onToggleMute}
        >
          <VolumeIcon muted={state.muted || state.volume === 0} />
        </button>
        <input
          type="range"
          aria-label="Volume"
          // Its arrow keys change the volume, not the position (see player-shortcuts.ts).
          data-native-keys=""
          min={0}
          max={1}
          step={0.05}
          value={volume}
          onChange={(event) => onVolume(Number(event.target.value))}
          style={rangeFill(volume * 100)}
          // Phones set the volume with their own buttons: below 640 px the slider gives its room to the controls.
          className={`hidden w-24 sm:block ${rangeClass}`}
        />
        <div className="ml-auto" />
        <button
          type="button"
          className={`${iconButton} ${loop.active ? "text-violet-300" : ""}`}
          aria-label="Loop"
          aria-pressed={loop.active}
          onClick={loop.toggle}
        >
          <LoopIcon />
        </button>
        {captions}
        <select
          aria-label="Playback speed"
          value={String(state.rate)}
          onChange={(event) => onRate(Number(event.target.value))}
          className="h-9 cursor-pointer rounded-lg border-0 bg-transparent px-1 text-sm font-medium tabular-nums text-slate-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-violet-400 [&>option]:bg-slate-900"
        >
          {/* A speed set elsewhere (not in the list) still shows as itself. */}
          {(SPEEDS as readonly number[]).includes(state.rate) ? null : (
            <option value={String(state.rate)}>{speedLabel(state.rate)}</option>
          )}
          {SPEEDS.map((speed) => (
            <option key={speed} value={String(speed)}>
              {speedLabel(speed)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={iconButton}
          aria-label="Keyboard shortcuts"
          aria-haspopup="dialog"
          onClick={onShowHelp}
        >
          <span aria-hidden="true" className="text-base font-semibold">
            ?
          </span>
        </button>
        {pictureInPicture ? (
          <button
            type="button"
            className={iconButton}
            aria-label={pictureInPicture.active ? "Exit picture-in-picture" : "Picture-in-picture"}
            onClick={pictureInPicture.toggle}
          >
            <PictureInPictureIcon />
          </button>
        ) : null}
        {theatre ? (
          <button
            type="button"
            className={iconButton}
            aria-label={theatre.active ? "Default view" : "Theatre mode"}
            onClick={theatre.toggle}
          >
            <TheatreIcon active={theatre.active} />
          </button>
        ) : null}
        {fullscreen ? (
          <button
            type="button"
            className={iconButton}
            aria-label={fullscreen.active ? "Exit full screen" : "Full screen"}
            onClick={fullscreen.toggle}
          >
            <FullscreenIcon active={fullscreen.active} />
          </button>
        ) : null}
      </div>
    </div>
  );
}
