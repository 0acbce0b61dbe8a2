/**
 * A file that cannot be used as media. `message` is shown to the uploader as is; `detail` says what exactly
 * was wrong, for logs and tests, and is not meant for users.
 */
export class MediaError extends Error {
  constructor(
    message: string,
    readonly detail: string = message,
  ) {
    super(message);
    this.name = "MediaError";
  }
}

/**
 * A file whose headers state durations that contradict each other or the audio/video data itself. Payouts
 * depend on the stored duration (a view qualifies at 80 % of it), so we refuse such a file instead of
 * picking one of its numbers. A MediaError, so finalize answers it like any unusable upload; the message
 * names the numbers that disagree and tells the uploader what to do.
 */
export class DurationMismatchError extends MediaError {
  constructor(message: string, detail: string = message) {
    super(message, detail);
    this.name = "DurationMismatchError";
  }
}

export const NOT_PLAYABLE_MP4 = "The file is not a playable MP4 video";
export const NOT_PLAYABLE_MP3 = "The file is not a playable MP3 audio file";
/** The end of every DurationMismatchError message: the one thing the uploader can do about it. */
export const RE_EXPORT = "re-export it and upload again";

/** Longest duration we accept; beyond it a header is far more likely corrupt than a real upload. */
export const MAX_DURATION_MS = 24 * 60 * 60 * 1000;
export const TOO_LONG = "The file is longer than 24 hours";
