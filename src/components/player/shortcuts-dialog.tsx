import { Modal } from "../modal";
import { SHORTCUT_LIST } from "./player-shortcuts";

/** The "?" dialog: every key the player answers (docs/decisions/047), from the list the key handler is written against. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <p className="text-sm text-slate-400">They work anywhere on this page, except while you type in a field.</p>
      <dl className="mt-4 divide-y divide-slate-800 text-sm">
        {SHORTCUT_LIST.map(({ keys, what }) => (
          <div key={what} className="flex items-center justify-between gap-4 py-2">
            <dt className="flex shrink-0 items-center gap-1">
              {keys.map((key) =>
                key === "–" ? (
                  <span key={key} aria-label="to" className="text-slate-400">
                    –
                  </span>
                ) : (
                  <kbd
                    key={key}
                    className="min-w-7 rounded-md border border-slate-600 bg-slate-800 px-1.5 py-0.5 text-center font-mono text-xs text-slate-100"
                  >
                    {key}
                  </kbd>
                ),
              )}
            </dt>
            <dd className="text-right text-slate-300">{what}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
