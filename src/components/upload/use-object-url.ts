import { useEffect, useState } from "react";

/** A preview URL for a blob, revoked when the blob changes or the component goes away. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    // The URL is an external resource: made and revoked by the effect (a URL made while rendering would leak
    // whenever React renders twice), so the state follows it here.
    const next = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above: the state mirrors what the effect made
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return blob ? url : null;
}
