import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { Settings } from "../lib/env";
import { applyPublication, type Publication } from "../domain/content/publication";
import { thumbnailStores } from "../domain/content/public-thumbnails";

/**
 * Applies what a change did to the public thumbnail copies (docs/decisions/083) before answering. The change itself
 * is made: a failure here is logged, not answered. A copy not written leaves pages on the Worker's route; a copy not
 * removed is named by no page, and its key is in the log.
 */
export async function publishAfter<E extends AppEnv>(c: Context<E>, publication: Publication) {
  await applyPublication(c.get("db"), thumbnailStores(c.env), publication).catch((err: unknown) => {
    console.error("thumbnails: the public copies were not brought up to date", err);
  });
}

/** Where this deployment's pages load thumbnails from without the Worker (null: the Worker's route). */
export const thumbsOriginOf = <E extends AppEnv>(c: Context<E>) => (c.get("settings") as Settings).thumbsOrigin;
