import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { EdgeFades, useScrollEdges } from "./scroll-edges";

export type TabItem = { id: string; label: string; panel: ReactNode };

type TabsProps = {
  /** Names the tab list for screen readers, e.g. "Admin sections". */
  label: string;
  tabs: TabItem[];
  defaultTabId?: string;
  /** Chosen by the caller (e.g. from the address) instead of remembered here; `onSelect` hears each choice. */
  selectedId?: string;
  onSelect?: (id: string) => void;
  /** The space between the tab row and its panel (a page of sections wants more than a shelf of cards). */
  panelClassName?: string;
};

/**
 * WAI-ARIA tabs: one tab stop for the whole list, arrow keys / Home / End move between tabs and
 * select them, and only the selected panel is rendered (each admin panel loads its own data).
 * The list is one row that scrolls sideways when it does not fit (docs/decisions/039): fades with arrows
 * say which side has more, and the selected tab is kept in view, also after the window changes size.
 */
export function Tabs({
  label,
  tabs,
  defaultTabId = tabs[0]?.id,
  selectedId: chosenId,
  onSelect,
  panelClassName = "pt-6",
}: TabsProps) {
  const [ownId, setOwnId] = useState(defaultTabId);
  const selectedId = chosenId ?? ownId;
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const { ref: listRef, edges } = useScrollEdges<HTMLDivElement>();
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selectedId),
  );
  const selected = tabs[selectedIndex];

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const reveal = () => {
      const tab = tabRefs.current[selectedIndex];
      if (tab) scrollIntoRow(list, tab);
    };
    reveal();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(reveal);
    observer?.observe(list);
    return () => observer?.disconnect();
  }, [listRef, selectedIndex]);

  const select = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setOwnId(tabs[next].id);
    onSelect?.(tabs[next].id);
    tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: selectedIndex + 1,
      ArrowLeft: selectedIndex - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    // Own keys only: `in` would also find Object.prototype's members ("constructor").
    if (!Object.hasOwn(moves, event.key)) return;
    event.preventDefault();
    select(moves[event.key]!);
  };

  return (
    <div>
      <div className="relative">
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          // One row: eleven admin tabs wrapped into four rows on a phone. The line under the row is an inset
          // shadow, not a border, so the selected tab's underline covers it without overflowing downwards.
          className="relative flex gap-x-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-slate-800)] [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {tabs.map((tab, index) => {
            const isSelected = index === selectedIndex;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${tab.id}`}
                aria-selected={isSelected}
                aria-controls={`${baseId}-panel-${tab.id}`}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => {
                  setOwnId(tab.id);
                  onSelect?.(tab.id);
                }}
                className={
                  "shrink-0 border-b-2 px-3 py-2.5 text-sm sm:px-4 font-medium whitespace-nowrap transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-violet-400 " +
                  (isSelected
                    ? "border-violet-500 text-white"
                    : "border-transparent text-slate-400 hover:text-slate-200")
                }
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        <EdgeFades edges={edges} target={listRef} />
      </div>
      {selected ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${selected.id}`}
          aria-labelledby={`${baseId}-tab-${selected.id}`}
          tabIndex={0}
          className={`${panelClassName} focus-visible:outline-2 focus-visible:outline-violet-400`}
        >
          {selected.panel}
        </div>
      ) : null}
    </div>
  );
}

/** Scrolls the row (never the page) so the tab shows whole, clear of the fades at the row's edges. */
function scrollIntoRow(list: HTMLElement, tab: HTMLElement) {
  const margin = 40;
  const left = tab.offsetLeft;
  const right = left + tab.offsetWidth;
  if (left - margin < list.scrollLeft) list.scrollLeft = Math.max(0, left - margin);
  else if (right + margin > list.scrollLeft + list.clientWidth) list.scrollLeft = right + margin - list.clientWidth;
}
