// Shared class names so buttons, and links that look like buttons, are the same everywhere.
// Variant and size are separate so no call site has to override a padding (which Tailwind
// cannot do reliably by appending a second class).

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 " +
  "disabled:cursor-not-allowed disabled:opacity-50";

const variants = {
  primary: "bg-violet-600 text-white hover:bg-violet-500",
  secondary: "border border-slate-700 bg-slate-900 text-slate-100 hover:bg-slate-800",
  ghost: "text-slate-300 hover:bg-slate-800 hover:text-white",
};

const sizes = {
  /** Header controls: compact on phones so the account row fits beside the logo. */
  compact: "px-2.5 py-1.5 text-sm sm:px-3 sm:py-2",
  md: "px-4 py-2 text-sm",
  lg: "px-6 py-3 text-base",
  icon: "size-9 text-lg",
};

export function buttonClass(variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md") {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}

export const card = "rounded-2xl border border-slate-800 bg-slate-900/60 p-6";
