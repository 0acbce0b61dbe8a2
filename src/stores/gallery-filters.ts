import { create } from "zustand";

export type ContentTypeFilter = "all" | "video" | "audio";

type GalleryFilters = {
  /** Free text typed in the header's search box; the gallery searches titles, tags and creators. */
  search: string;
  type: ContentTypeFilter;
  setSearch: (search: string) => void;
  setType: (type: ContentTypeFilter) => void;
};

// Lives outside the home screen because the inputs sit in the header while the gallery reads them.
export const useGalleryFilters = create<GalleryFilters>()((set) => ({
  search: "",
  type: "all",
  setSearch: (search) => set({ search }),
  setType: (type) => set({ type }),
}));
