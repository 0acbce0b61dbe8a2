import { create } from "zustand";

type GalleryReturn = {
  /** The home gallery's last address query ("?q=jazz&type=audio", or ""), for "Back to gallery" on a content page. */
  search: string;
  remember: (search: string) => void;
};

// The search lives in the address (docs/decisions/047); this only remembers it for the way back, which is a
// link (a page opened from a shared address has no gallery behind it to go back to).
export const useGalleryReturn = create<GalleryReturn>()((set) => ({
  search: "",
  remember: (search) => set({ search }),
}));
