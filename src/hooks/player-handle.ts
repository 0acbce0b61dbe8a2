// The player's imperative handle, here rather than beside the player component so that hooks driving the
// player (use-ad-sequence) need not import from src/components (docs/decisions/069).

/** What a layer on top of the player (ads, Up Next) may do with the content underneath. */
export type PlayerHandle = {
  play: () => void;
  pause: () => void;
  seekTo: (seconds: number) => void;
  /** The <video>/<audio> itself, e.g. to read `currentTime` before an ad and resume there. */
  media: () => HTMLMediaElement | null;
};
