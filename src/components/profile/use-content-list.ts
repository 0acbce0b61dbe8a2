import { useEffect, useState } from "react";
import { describeFailure } from "../../lib/api";
import type { ContentJson, ContentListResponse } from "../../lib/types";

/**
 * Loads one of the caller's lists when its tab opens. A failure is logged and shows as an empty list
 * (docs/product-spec.md §8 "other fetch failures"). `setItems` lets the screen reflect edits without reloading.
 */
export function useContentList(load: () => Promise<ContentListResponse>) {
  const [items, setItems] = useState<ContentJson[] | null>(null);

  useEffect(() => {
    let current = true;
    load().then(
      (list) => current && setItems(list.items),
      (error: unknown) => {
        if (!current) return;
        console.error(describeFailure("Failed to load content", error));
        setItems([]);
      },
    );
    return () => {
      current = false;
    };
  }, [load]);

  return { items: items ?? [], loading: items === null, setItems };
}
