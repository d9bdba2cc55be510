import { useRef, type KeyboardEvent } from "react";

export interface EditorTab<K extends string> {
  key: K;
  label: string;
  /** A field of this tab has a message: the tab says so. */
  invalid?: boolean;
}

export const tabId = (key: string) => `product-editor-tab-${key}`;
export const tabPanelId = (key: string) => `product-editor-panel-${key}`;

/**
 * The editor's tabs, as the WAI-ARIA tabs pattern has them: one tab stop (the selected tab), arrow
 * keys, Home and End move and select, each tab controls its panel (`tabPanelId`).
 */
export function EditorTabs<K extends string>({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: readonly EditorTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  label: string;
}) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const last = tabs.length - 1;
    const to =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    const key = tabs[to]!.key;
    onSelect(key);
    list.current?.querySelector<HTMLElement>(`#${tabId(key)}`)?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="-mx-1 mb-5 flex gap-1 overflow-x-auto border-b border-line"
    >
      {tabs.map((tab) => {
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            id={tabId(tab.key)}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls={tabPanelId(tab.key)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
              isSelected ? "border-ink text-ink" : "border-transparent text-muted hover:text-ink"
            }`}
          >
            {tab.label}
            {tab.invalid && (
              <span className="ml-1.5 inline-block size-2 rounded-full bg-red-600 align-middle">
                <span className="sr-only"> (has errors)</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
