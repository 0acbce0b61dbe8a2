import type { SessionUser } from "../../app-env";
import { CAPTION_LANGUAGES_MAX, checkCaptionsBytes } from "../../../common/captions";
import type { Db } from "../../db/client";
import {
  deleteCaptionTrack,
  findCaptionTrack,
  findContentWithCaptions,
  upsertCaptionTrack,
} from "../../db/queries/captions/captions";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { isDeleted, isHidden, mayOpen } from "../content/visibility";
import type { ReaderCall } from "../member-context";

// An item's WebVTT captions (docs/decisions/049), changed by its creator or an admin as services
// `verbEntity({ ctx, input })` (docs/decisions/041). What is stored is the file as common/captions.ts writes it
// back, never the bytes sent, so the track a player loads holds only cues, timings and caption markup.

type CaptionsContext = { db: Db; actor: SessionUser; bucket: R2Bucket };
type CaptionsCall<Input> = { ctx: CaptionsContext; input: Input };

/** The item with its tracks, if the actor may change it: its creator or an admin; a deleted item is gone (404). */
async function itemTheActorMayChange(db: Db, actor: SessionUser, contentId: string) {
  const row = await findContentWithCaptions(db, contentId);
  if (!row || isDeleted(row)) throw notFound("Content not found");
  if (row.createdBy !== actor.id && !actor.isAdmin) throw forbidden("Only the creator can change this content");
  return row;
}

/**
 * One track, for whoever may open its item (a hidden item's only for its creator and admins; a deleted item's for
 * nobody): where its file is, and whether the item is hidden (so the file stays out of shared caches).
 */
export async function getCaptionTrack({ ctx, input }: ReaderCall<{ contentId: string; lang: string }>) {
  const row = await findCaptionTrack(ctx.db, input.contentId, input.lang);
  if (!row || !mayOpen(row, ctx.actor)) throw notFound("No captions in that language", "captions_not_found");
  return { r2Key: row.r2Key, hidden: isHidden(row) };
}

/** Each version of a track has its own key, so a player that loaded the old one never gets half of the new one. */
const captionsKey = (contentId: string, lang: string) => `${captionsPrefix(contentId)}${lang}/${newId()}.vtt`;

/** Where an item's caption files live in R2 (the media purge removes them with the item's media). */
export const captionsPrefix = (contentId: string) => `captions/${contentId}/`;

/**
 * Adds or replaces the captions of one language. The file is parsed against the item's measured duration and
 * refused with words naming what is wrong (400); the cleaned file goes to R2, then the row (at most
 * CAPTION_LANGUAGES_MAX languages, 409 beyond), then the replaced file is deleted.
 */
export async function putCaptions({
  ctx: { db, actor, bucket },
  input,
}: CaptionsCall<{ contentId: string; lang: string; bytes: Uint8Array }>) {
  const item = await itemTheActorMayChange(db, actor, input.contentId);
  const checked = checkCaptionsBytes(input.bytes, item.durationMs);
  if (!checked.ok) throw badRequest(checked.error, "invalid_captions");
  const { vtt, text, cues } = checked.captions;
  const body = new TextEncoder().encode(vtt);
  const key = captionsKey(item.id, input.lang);
  await bucket.put(key, body, { httpMetadata: { contentType: "text/vtt; charset=utf-8" } });
  const now = nowIso();
  const write = {
    contentId: item.id,
    lang: input.lang,
    r2Key: key,
    size: body.length,
    cueCount: cues,
    searchText: text,
    createdBy: actor.id,
    now,
  };
  if (!(await upsertCaptionTrack(db, write))) {
    await bucket.delete(key);
    throw conflict(`An item can have captions in at most ${CAPTION_LANGUAGES_MAX} languages`, "captions_limit");
  }
  const replaced = item.captions.find((t) => t.lang === input.lang);
  if (replaced) await bucket.delete(replaced.r2Key);
  return { lang: input.lang, r2Key: key, updatedAt: now, cues, bytes: body.length };
}

/** Removes the captions of one language (404 when the item has none in it) and their file. */
export async function deleteCaptions({
  ctx: { db, actor, bucket },
  input,
}: CaptionsCall<{ contentId: string; lang: string }>) {
  const item = await itemTheActorMayChange(db, actor, input.contentId);
  const key = await deleteCaptionTrack(db, item.id, input.lang);
  if (!key) throw notFound("No captions in that language", "captions_not_found");
  await bucket.delete(key);
}
