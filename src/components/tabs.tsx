import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";

export type TabItem = { id: string; label: string; panel: ReactNode };

type TabsProps = {
  /** Names the tab list for screen readers, e.g. "Admin sections". */
  label: string;
  tabs: TabItem[];
  defaultTabId?: string;
};

/**
 * WAI-ARIA tabs: one tab stop for the whole list, arrow keys / Home / End move between tabs and
 * select them, and only the selected panel is rendered (each admin panel loads its own data).
 */
export function Tabs({ label, tabs, defaultTabId = tabs[0]?.id }: TabsProps) {
  const [selectedId, setSelectedId] = useState(defaultTabId);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(0, tabs.findIndex((tab) => tab.id === selectedId));
  const selected = tabs[selectedIndex];

  const select = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setSelectedId(tabs[next].id);
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
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        // Wraps rather than scrolls: a tab scrolled out of a phone's view is a tab nobody finds.
        className="flex flex-wrap gap-x-1 border-b border-slate-800"
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
              onClick={() => setSelectedId(tab.id)}
              className={
                "-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm sm:px-4 font-medium whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-violet-400 " +
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
      {selected ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${selected.id}`}
          aria-labelledby={`${baseId}-tab-${selected.id}`}
          tabIndex={0}
          className="pt-6 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {selected.panel}
        </div>
      ) : null}
    </div>
  );
}
