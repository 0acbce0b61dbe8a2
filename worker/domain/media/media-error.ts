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

export const NOT_PLAYABLE_MP4 = "The file is not a playable MP4 video";
export const NOT_PLAYABLE_MP3 = "The file is not a playable MP3 audio file";

/** Longest duration we accept; beyond it a header is far more likely corrupt than a real upload. */
export const MAX_DURATION_MS = 24 * 60 * 60 * 1000;
export const TOO_LONG = "The file is longer than 24 hours";
