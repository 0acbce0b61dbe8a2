import type { ContentJson } from "../../../common/schemas/content";

// Who may see an item, as the upload and edit forms offer it (docs/decisions/094): Public, Unlisted, Private, or
// Scheduled (private until a date and time, then public). The time is typed in the member's own time zone and
// sent as ISO 8601 with its offset (UTC), so the server never guesses a zone.

export type VisibilityOption = "public" | "unlisted" | "private" | "scheduled";
/** The form's state: the option, and for Scheduled the `datetime-local` value ("2026-12-24T18:00"), local time. */
export type VisibilityChoice = { option: VisibilityOption; at: string };
/** The request fields for finalize and PATCH. */
export type VisibilityRequest = { visibility: "public" | "unlisted" | "private"; publish_at?: string };

export const PUBLIC_CHOICE: VisibilityChoice = { option: "public", at: "" };

/** The member's time zone, as the date-time field names it ("Europe/Paris"). */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "your time zone";

/** A `datetime-local` value for an instant, in local time, to the minute. */
export function localInputValue(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** What is wrong with the choice before it is sent, or null: a schedule needs a time, in the future. */
export function visibilityProblem(choice: VisibilityChoice, nowMs = Date.now()): string | null {
  if (choice.option !== "scheduled") return null;
  if (!choice.at) return "Choose the date and time it goes public";
  const at = new Date(choice.at).getTime();
  if (Number.isNaN(at)) return "Choose the date and time it goes public";
  if (at <= nowMs) return "Choose a time in the future";
  return null;
}

/** The request for a choice (check visibilityProblem first). */
export function visibilityRequest(choice: VisibilityChoice): VisibilityRequest {
  if (choice.option !== "scheduled") return { visibility: choice.option };
  return { visibility: "private", publish_at: new Date(choice.at).toISOString() };
}

/** For finalize: nothing for Public, the default, so an upload's request is what it always was. */
export const uploadVisibility = (choice: VisibilityChoice): VisibilityRequest | undefined =>
  choice.option === "public" ? undefined : visibilityRequest(choice);

/** The choice an existing item is in (the edit form starts from it); a draft starts at Public, as an upload does. */
export function choiceOf(item: Pick<ContentJson, "visibility" | "publish_at" | "draft">): VisibilityChoice {
  if (item.draft) return PUBLIC_CHOICE;
  if (item.publish_at) return { option: "scheduled", at: localInputValue(Date.parse(item.publish_at)) };
  return { option: item.visibility, at: "" };
}

/** "Sat, Dec 24, 2026, 18:00 (Europe/Paris)": a schedule as the badges and notes say it. */
export function scheduleLabel(iso: string): string {
  const when = new Date(iso).toLocaleString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return `${when} (${localTimeZone()})`;
}

/** The badge My Content and the studio show: "Draft", "Public", "Unlisted", "Private" or "Scheduled for …". */
export function visibilityLabel(item: Pick<ContentJson, "visibility" | "publish_at" | "draft">): string {
  if (item.draft) return "Draft";
  if (item.publish_at) return `Scheduled for ${scheduleLabel(item.publish_at)}`;
  return { public: "Public", unlisted: "Unlisted", private: "Private" }[item.visibility];
}
