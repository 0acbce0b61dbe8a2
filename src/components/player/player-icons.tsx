// Control icons, drawn in currentColor; the buttons that hold them carry the accessible names.

const svgProps = { viewBox: "0 0 24 24", fill: "currentColor", "aria-hidden": true, className: "size-5" } as const;

export const PlayIcon = () => (
  <svg {...svgProps}>
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </svg>
);

export const PauseIcon = () => (
  <svg {...svgProps}>
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </svg>
);

export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <svg {...svgProps}>
    <path d="M4 9.5v5a1 1 0 0 0 1 1h3l4.3 3.6a1 1 0 0 0 1.7-.8V5.7a1 1 0 0 0-1.7-.8L8 8.5H5a1 1 0 0 0-1 1Z" />
    {muted ? (
      <path d="m16.5 9.5 5 5m0-5-5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    ) : (
      <path
        d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    )}
  </svg>
);

export const FullscreenIcon = ({ active }: { active: boolean }) => (
  <svg {...svgProps} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    {active ? <path d="M9 4v5H4m11-5v5h5M9 20v-5H4m11 5v-5h5" /> : <path d="M4 9V4h5m6 0h5v5M4 15v5h5m11-5v5h-5" />}
  </svg>
);

export const PictureInPictureIcon = () => (
  <svg {...svgProps} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <rect x="12" y="11" width="7" height="6" rx="1" fill="currentColor" stroke="none" />
  </svg>
);

export const TheatreIcon = ({ active }: { active: boolean }) => (
  <svg {...svgProps} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
    {active ? (
      <rect x="5" y="7" width="14" height="10" rx="1.5" />
    ) : (
      <rect x="2" y="7" width="20" height="10" rx="1.5" />
    )}
  </svg>
);

export const LoopIcon = () => (
  <svg {...svgProps} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M17 3l3 3-3 3M20 6H8a4 4 0 0 0-4 4v1M7 21l-3-3 3-3M4 18h12a4 4 0 0 0 4-4v-1" />
  </svg>
);
