// The two save buttons' icons: a clock (Watch later) and a list with a plus (Save to a playlist).

export function ClockIcon({ filled = false, className = "size-4" }: { filled?: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" fill={filled ? "currentColor" : "none"} />
      <path d="M12 7v5l3 2" stroke={filled ? "#0f172a" : "currentColor"} strokeLinecap="round" />
    </svg>
  );
}

export function ListPlusIcon({ className = "size-4" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6h11M4 12h11M4 18h7M18 14v6M15 17h6" strokeLinecap="round" />
    </svg>
  );
}
