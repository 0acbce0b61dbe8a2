import type { StoryboardJson } from "../../../common/schemas/storyboards";
import { storyboardVersion } from "../../domain/storyboards/storyboards";

/** The sprite's address at its version: a new image is a new address (docs/decisions/102). */
export const storyboardPath = (contentId: string, version: string) =>
  `/api/content/${contentId}/storyboard?v=${version}`;

type StoryboardFields = {
  contentId: string;
  updatedAt: string;
  intervalMs: number;
  columns: number;
  rows: number;
  frameWidth: number;
  frameHeight: number;
  count: number;
};

/** An item's seek previews as the API speaks them. */
export const storyboardJson = (s: StoryboardFields): StoryboardJson => ({
  url: storyboardPath(s.contentId, storyboardVersion(s.updatedAt)),
  interval_ms: s.intervalMs,
  columns: s.columns,
  rows: s.rows,
  frame_width: s.frameWidth,
  frame_height: s.frameHeight,
  count: s.count,
});
