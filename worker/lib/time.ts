/** Timestamps are ISO-8601 UTC text everywhere (docs/architecture.md §3). */
export const nowIso = (now = Date.now()) => new Date(now).toISOString();

export const addMs = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
