import { listMine } from "../../lib/content-api";
import { PageSpinner } from "../spinner";
import { MyContentItem } from "./my-content-item";
import { useContentList } from "./use-content-list";

/** The user's own uploads, to edit, delete or give a new thumbnail (docs/product-spec.md §2 "My Content"). */
export function MyContent() {
  const { items, loading, setItems } = useContentList(listMine);
  if (loading) return <PageSpinner />;

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
              onChange={(next) => setItems((list) => list && list.map((i) => (i.id === next.id ? next : i)))}
              onDeleted={() => setItems((list) => list && list.filter((i) => i.id !== item.id))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
