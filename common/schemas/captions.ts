import { z } from "zod";
import { languageTag } from "../captions";
import { ID_REGEX } from "../ids";

/** The path of /api/content/{id}/captions/{lang}: `lang` a BCP 47 tag, taken in its canonical case. */
export const captionsParams = z.object({
  id: z.string().regex(ID_REGEX, "id must be a content id"),
  lang: z.string().transform((tag, ctx) => {
    const canonical = languageTag(tag);
    if (canonical) return canonical;
    ctx.addIssue({ code: "custom", message: "lang must be a language tag such as en or pt-BR" });
    return z.NEVER;
  }),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** One caption track of an item: its language and the address a `<track>` loads (versioned by its last change). */
export const captionTrackOut = z.object({ lang: z.string(), url: z.string() });
export type CaptionTrackJson = z.output<typeof captionTrackOut>;

/** PUT /api/content/{id}/captions/{lang}: the stored track, as cleaned (docs/decisions/049). */
export const captionsStoredOut = captionTrackOut.extend({ cues: z.number().int(), bytes: z.number().int() });
export type CaptionsStoredJson = z.output<typeof captionsStoredOut>;
