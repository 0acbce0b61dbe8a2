import type { ContentType } from "../../../common/schemas/content";

type IconProps = { className?: string };

/** A film frame: stands in for a video without a thumbnail. */
function VideoIcon({ className }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      className={className}
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m10 9 5 3-5 3z" fill="currentColor" />
    </svg>
  );
}

/** A music note: stands in for an audio track without artwork. */
function MusicIcon({ className }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      className={className}
      aria-hidden="true"
    >
      <path d="M9 18V6l11-2v12" />
      <circle cx="6.5" cy="18" r="2.5" fill="currentColor" />
      <circle cx="17.5" cy="16" r="2.5" fill="currentColor" />
    </svg>
  );
}

export function TypeIcon({ type, className }: IconProps & { type: ContentType }) {
  return type === "video" ? <VideoIcon className={className} /> : <MusicIcon className={className} />;
}
