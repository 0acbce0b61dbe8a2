/** ArrowLeft / ArrowRight seek by this many seconds. */
const SEEK_STEP_SECONDS = 5;
/** j / l seek by this many seconds, as on YouTube. */
const JUMP_SECONDS = 10;

export type ShortcutActions = {
  togglePlay: () => void;
  seekBy: (deltaSeconds: number) => void;
  /** 0 to 1 of the duration (0–9 go to 0–90 %). */
  seekToFraction: (fraction: number) => void;
  /** One step up (+1) or down (−1) the speed list. */
  stepSpeed: (direction: 1 | -1) => void;
  toggleMute: () => void;
  /** Absent when the media has no text tracks: then c does nothing. */
  toggleCaptions?: () => void;
  /** Absent for audio. */
  toggleFullscreen?: () => void;
  /** Absent for audio and where the browser has no picture-in-picture. */
  togglePictureInPicture?: () => void;
  /** Absent where the page offers no theatre mode (the embed, narrow windows). */
  toggleTheatre?: () => void;
  showHelp: () => void;
};

/** The keys as the "?" dialog lists them; `handlePlayerKey` below is what they do. */
export const SHORTCUT_LIST: readonly { keys: string[]; what: string }[] = [
  { keys: ["k", "Space"], what: "Play or pause" },
  { keys: ["j"], what: `Back ${JUMP_SECONDS} seconds` },
  { keys: ["l"], what: `Forward ${JUMP_SECONDS} seconds` },
  { keys: ["←"], what: `Back ${SEEK_STEP_SECONDS} seconds` },
  { keys: ["→"], what: `Forward ${SEEK_STEP_SECONDS} seconds` },
  { keys: ["0", "–", "9"], what: "Go to 0 % – 90 % of the item" },
  { keys: ["<"], what: "Slower" },
  { keys: [">"], what: "Faster (up to 2×)" },
  { keys: ["m"], what: "Mute or unmute" },
  { keys: ["c"], what: "Captions on or off, when the item has them" },
  { keys: ["f"], what: "Full screen (video)" },
  { keys: ["i"], what: "Picture-in-picture (video, where the browser offers it)" },
  { keys: ["t"], what: "Theatre mode (wide windows)" },
  { keys: ["?"], what: "This list" },
];

/** Put on a control whose own keys must win (the volume slider's arrows change the volume). */
const NATIVE_KEYS_ATTRIBUTE = "data-native-keys";

function isTypingTarget(element: HTMLElement) {
  if (element.isContentEditable || element.closest(`[${NATIVE_KEYS_ATTRIBUTE}]`)) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  // Sliders are not typing: on the seek bar, arrows seek by 5 s instead of the range's tiny step.
  return element instanceof HTMLInputElement && element.type !== "range";
}

/**
 * Runs the player shortcut for a key press on the content page (YouTube's keys, docs/decisions/047): never while typing in
 * a field, never with Ctrl, Cmd or Alt (the browser's own shortcuts), and Space never on a focused button
 * (it clicks it). Returns whether the key was handled.
 */
export function handlePlayerKey(
  event: { key: string; target: EventTarget | null; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  actions: ShortcutActions,
): boolean {
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (event.ctrlKey || event.metaKey || event.altKey || (target && isTypingTarget(target))) return false;
  // A focused button already answers Space with a click; acting here too would toggle twice.
  if (event.key === " " && target instanceof HTMLButtonElement) return false;

  if (/^[0-9]$/.test(event.key)) {
    actions.seekToFraction(Number(event.key) / 10);
    return true;
  }
  switch (event.key.length === 1 ? event.key.toLowerCase() : event.key) {
    case " ":
    case "k":
      actions.togglePlay();
      return true;
    case "ArrowLeft":
      actions.seekBy(-SEEK_STEP_SECONDS);
      return true;
    case "ArrowRight":
      actions.seekBy(SEEK_STEP_SECONDS);
      return true;
    case "j":
      actions.seekBy(-JUMP_SECONDS);
      return true;
    case "l":
      actions.seekBy(JUMP_SECONDS);
      return true;
    case "<":
      actions.stepSpeed(-1);
      return true;
    case ">":
      actions.stepSpeed(1);
      return true;
    case "m":
      actions.toggleMute();
      return true;
    case "c":
      if (!actions.toggleCaptions) return false;
      actions.toggleCaptions();
      return true;
    case "f":
      if (!actions.toggleFullscreen) return false;
      actions.toggleFullscreen();
      return true;
    case "i":
      if (!actions.togglePictureInPicture) return false;
      actions.togglePictureInPicture();
      return true;
    case "t":
      if (!actions.toggleTheatre) return false;
      actions.toggleTheatre();
      return true;
    case "?":
      actions.showHelp();
      return true;
    default:
      return false;
  }
}
