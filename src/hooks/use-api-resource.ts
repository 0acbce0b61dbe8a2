import { useEffect, useState } from "react";
import { ApiError, describeFailure } from "../lib/api";

export type ApiResource<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "not-found" }
  | { status: "error" };

type Settled<T> = { key: string; resource: ApiResource<T> };

/**
 * Loads one thing by id (a content item, a creator). 404 is an answer, not a failure: "not-found".
 * Any other failure is logged (docs/product-spec.md §8: console only) and reported as "error" for the screen to word.
 * A new `id` shows "loading" again and ignores the answer for the old one.
 */
export function useApiResource<T>(
  id: string,
  load: (id: string, signal: AbortSignal) => Promise<T>,
  failureMessage: string,
): ApiResource<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const settle = (resource: ApiResource<T>) => {
      if (!controller.signal.aborted) setSettled({ key: id, resource });
    };
    load(id, controller.signal).then(
      (data) => settle({ status: "ready", data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) return settle({ status: "not-found" });
        console.error(describeFailure(failureMessage, error));
        settle({ status: "error" });
      },
    );
    return () => controller.abort();
  }, [id, load, failureMessage]);

  return settled?.key === id ? settled.resource : { status: "loading" };
}
