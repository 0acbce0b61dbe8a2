import { create } from "zustand";

type SearchDraft = {
  /** What the header's box shows: the search being typed. */
  draft: string;
  /** The search last put into the address, or last read from it (null until the box first read the address). */
  committed: string | null;
  /** The address (location key) the last commit was made on, until a newer address renders. */
  committedOn: string | null;
  setDraft: (draft: string) => void;
};

// Outside the box because the box is built more than once (the first load's fallback shell is replaced by the
// real one while a viewer may already be typing), and every copy must agree on what the address already holds.
export const useSearchDraft = create<SearchDraft>()((set) => ({
  draft: "",
  committed: null,
  committedOn: null,
  setDraft: (draft) => set({ draft }),
}));
