import { buttonClass } from "../ui";

/** docs/product-spec.md §2/§8: a failed ad says so briefly; the content follows after 1.5 s or on the button. */
export function AdUnavailable({ onContinue }: { onContinue: () => void }) {
  return (
    <div
      role="alert"
      className="flex size-full flex-col items-center justify-center gap-3 bg-slate-950/95 p-6 text-center"
    >
      <p className="text-lg font-semibold text-slate-100">Advertisement Unavailable</p>
      <p className="max-w-sm text-sm text-slate-400">Unable to load the advertisement. Proceeding to your content.</p>
      <button type="button" className={`${buttonClass()} mt-2`} onClick={onContinue}>
        Continue to Content
      </button>
    </div>
  );
}
