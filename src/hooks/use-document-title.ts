import { useEffect } from "react";

/**
 * Names the browser tab (and a framed page's document) `<name> | Reelpay` while the screen is shown, and gives the
 * previous title back when it goes: index.html's "Reelpay" for the screens that set none.
 */
export function useDocumentTitle(name: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${name} | Reelpay`;
    return () => {
      document.title = before;
    };
  }, [name]);
}
