/** ArrowLeft / ArrowRight seek by this many seconds. */
const SEEK_STEP_SECONDS = 5;

export type ShortcutActions = {
  togglePlay: () => void;
  seekBy: (deltaSeconds: number) => void;
  toggleMute: () => void;
  /** Absent for audio. */
  toggleFullscreen?: () => void;
};

/** Put on a control whose own keys must win (the volume slider's arrows change the volume). */
const NATIVE_KEYS_ATTRIBUTE = "data-native-keys";

function isTypingTarget(element: HTMLElement) {
  if (element.isContentEditable || element.closest(`[${NATIVE_KEYS_ATTRIBUTE}]`)) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  // Sliders are not typing: on the seek bar, arrows seek by 5 s instead of the range's tiny step.
  return element instanceof HTMLInputElement && element.type !== "range";
}

/**
 * Runs the player shortcut for a key press inside the player (spec brief: space or k play/pause,
 * ←/→ seek, f full screen, m mute). Returns whether the key was handled.
 */
export function handlePlayerKey(
  event: { key: string; target: EventTarget | null; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  actions: ShortcutActions,
): boolean {
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (event.ctrlKey || event.metaKey || event.altKey || (target && isTypingTarget(target))) return false;
  // A focused button already answers Space with a click; acting here too would toggle twice.
  if (event.key === " " && target instanceof HTMLButtonElement) return false;

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
    case "m":
      actions.toggleMute();
      return true;
    case "f":
      if (!actions.toggleFullscreen) return false;
      actions.toggleFullscreen();
      return true;
    default:
      return false;
  }
}
