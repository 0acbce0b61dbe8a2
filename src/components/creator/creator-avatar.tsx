import { useState } from "react";

// A creator's avatar (docs/decisions/091), or their initial on a colour of their own when they have none or the
// image fails. Decorative: the creator's name is always written next to it.

const SIZES = {
  sm: { px: 24, className: "size-6 text-xs" },
  md: { px: 36, className: "size-9 text-sm" },
  lg: { px: 96, className: "size-20 text-3xl sm:size-24" },
} as const;

// Background colours for the initial, each dark enough for white text (WCAG AA at these sizes).
const COLOURS = ["bg-violet-600", "bg-sky-700", "bg-emerald-700", "bg-rose-700", "bg-amber-700", "bg-indigo-600"];

/** The same colour for a creator everywhere: chosen by their id. */
const colourOf = (id: string) => COLOURS[[...id].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % COLOURS.length];

type CreatorAvatarProps = {
  creatorId: string;
  name: string;
  url: string | null;
  size: keyof typeof SIZES;
  /** Cards and the player load it when scrolled near, after everything else; the creator page's header at once. */
  eager?: boolean;
  className?: string;
};

export function CreatorAvatar({ creatorId, name, url, size, eager = false, className = "" }: CreatorAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const { px, className: sizeClass } = SIZES[size];
  const box = `${sizeClass} shrink-0 rounded-full ${className}`;
  if (url && url !== failedUrl) {
    return (
      <img
        src={url}
        alt=""
        width={px}
        height={px}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "auto" : "low"}
        decoding="async"
        onError={() => setFailedUrl(url)}
        className={`${box} bg-slate-800 object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-fallback"
      className={`${box} ${colourOf(creatorId)} inline-flex items-center justify-center font-bold text-white select-none`}
    >
      {[...name][0]?.toUpperCase() ?? "?"}
    </span>
  );
}
