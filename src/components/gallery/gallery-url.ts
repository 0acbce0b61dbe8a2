import { useCallback, useEffect, useRef } from "react";
import { type NavigateOptions, useSearchParams } from "react-router";
import { isId } from "../../../common/ids";
import {
  CONTENT_LENGTHS,
  CONTENT_SORTS,
  CONTENT_UPLOADED,
  type ContentLength,
  type ContentSort,
  type ContentType,
  type ContentUploaded,
} from "../../../common/schemas/content";

// The home gallery's search and filters live in the address (docs/decisions/047): `?q=` the words,
// `type=` video or audio, `creator=` one creator's id, `sort=`, `length=` and `uploaded=` (docs/decisions/100). Back and forward restore them, and a copied address
// opens the same results. Absent or unknown values mean "everything", so a hand-edited address never breaks.

export type ContentTypeFilter = "all" | ContentType;

/** "" is the default: relevance for a search, newest otherwise; any length; any time. */
export type GalleryParams = {
  q: string;
  type: ContentTypeFilter;
  creator: string;
  sort: ContentSort | "";
  length: ContentLength | "";
  uploaded: ContentUploaded | "";
};

const TYPES: readonly string[] = ["video", "audio"];
/** `value` when it is one of `values`, else "" (the default): a hand-edited address never breaks the gallery. */
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | "" =>
  values.includes(value as T) ? (value as T) : "";

function readGalleryParams(params: URLSearchParams): GalleryParams {
  const type = params.get("type") ?? "";
  const creator = (params.get("creator") ?? "").trim();
  return {
    q: (params.get("q") ?? "").trim(),
    type: TYPES.includes(type) ? (type as ContentType) : "all",
    // Not an id: no creator (the API would refuse it with a 400).
    creator: isId(creator) ? creator : "",
    sort: oneOf(CONTENT_SORTS, params.get("sort")),
    length: oneOf(CONTENT_LENGTHS, params.get("length")),
    uploaded: oneOf(CONTENT_UPLOADED, params.get("uploaded")),
  };
}

/** `params` with `changes` applied; empty values ("all", "") leave their key out, other keys stay. */
function withGalleryParams(params: URLSearchParams, changes: Partial<GalleryParams>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (!value || value === "all") next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The gallery's parameters from the address, and a way to change some of them (a new history entry unless `replace`). */
export function useGalleryParams() {
  const [params, setParams] = useSearchParams();
  // Navigations render in a transition: the address changes at once, this screen a moment later. A change
  // made in between (a type chosen right after the search committed) builds on the address as last set here,
  // not on the parameters of the render before, which would drop the search.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const change = useCallback(
    (changes: Partial<GalleryParams>, options?: NavigateOptions) => {
      const next = withGalleryParams(latest.current, changes);
      latest.current = next;
      setParams(next, { preventScrollReset: true, ...options });
    },
    [setParams],
  );
  return [readGalleryParams(params), change] as const;
}
