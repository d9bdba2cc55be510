import { useState } from "react";

interface SelectionState {
  /** The list the selection belongs to (filter and page): another list starts with nothing selected. */
  key: string;
  ids: ReadonlySet<string>;
  /** Every product matching the filter, on every page (the server resolves the filter). */
  allMatching: boolean;
}

const empty = (key: string): SelectionState => ({ key, ids: new Set(), allMatching: false });

/**
 * The dashboard's selection for bulk actions: products of the page shown, or every product matching
 * the filter. It belongs to one list (`key`): a search, a filter or another page clears it.
 */
export function useProductSelection(key: string, pageIds: readonly string[]) {
  const [state, setState] = useState<SelectionState>(() => empty(key));
  // Another list: cleared while rendering (no render with the old selection, no effect).
  if (state.key !== key) setState(empty(key));
  const current = state.key === key ? state : empty(key);

  const selectedOnPage = pageIds.filter((id) => current.allMatching || current.ids.has(id)).length;
  const wholePage = pageIds.length > 0 && selectedOnPage === pageIds.length;

  return {
    allMatching: current.allMatching,
    ids: current.ids,
    isSelected: (id: string) => current.allMatching || current.ids.has(id),
    /** How many products the selection holds; `matching` is the filter's total. */
    count: (matching: number) => (current.allMatching ? matching : current.ids.size),
    wholePage,
    somePage: selectedOnPage > 0 && !wholePage,
    toggle(id: string) {
      setState((s) => {
        const base = s.key === key ? s : empty(key);
        // Unticking one row of "all matching" leaves the rest of the page selected.
        const ids = new Set(base.allMatching ? pageIds : base.ids);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { key, ids, allMatching: false };
      });
    },
    togglePage() {
      setState(wholePage ? empty(key) : { key, ids: new Set(pageIds), allMatching: false });
    },
    selectAllMatching() {
      setState({ key, ids: new Set(pageIds), allMatching: true });
    },
    clear() {
      setState(empty(key));
    },
  };
}

export type ProductSelection = ReturnType<typeof useProductSelection>;
