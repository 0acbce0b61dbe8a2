import type { CaptionTrackJson } from "../../../common/schemas/captions";

/** A track's address, versioned by its last change (`v`), as a `<track src>` loads it. */
export const captionTrackUrl = (contentId: string, t: { lang: string; updatedAt: string }) =>
  `/api/content/${contentId}/captions/${encodeURIComponent(t.lang)}?v=${Date.parse(t.updatedAt)}`;

export const captionTracksJson = (
  contentId: string,
  tracks: { lang: string; updatedAt: string }[],
): CaptionTrackJson[] => tracks.map((t) => ({ lang: t.lang, url: captionTrackUrl(contentId, t) }));
