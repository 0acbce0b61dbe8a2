import { useMyContent } from "../../queries/content";
import { PageSpinner } from "../spinner";
import { MyContentItem } from "./my-content-item";

/** The user's own uploads, to edit, delete or give a new thumbnail (docs/product-spec.md §2 "My Content"). */
export function MyContent() {
  // A failure is logged and shows as an empty list (docs/product-spec.md §8 "other fetch failures").
  // Edits and deletions already answered by the server show through `update`, without loading the list again.
  const { data: items = [], isPending, update, refresh } = useMyContent();
  if (isPending) return <PageSpinner />;

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-400">{items.length} item(s)</p>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-800 px-6 py-16 text-center text-slate-400">
          No content uploaded yet
        </p>
      ) : (
        <ul className="space-y-4" aria-label="My content">
          {items.map((item) => (
            <MyContentItem
              key={item.id}
              item={item}
              // Merged: only this list's answer says whether moderators removed the item, an edit's answer does not.
              onChange={(next) => update((all) => all.map((i) => (i.id === next.id ? { ...i, ...next } : i)))}
              onDeleted={() => update((all) => all.filter((i) => i.id !== item.id))}
              // Deleted in another tab or device: the list may be out of date in other ways too, so it is loaded again.
              onGone={() => {
                update((all) => all.filter((i) => i.id !== item.id));
                refresh();
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
