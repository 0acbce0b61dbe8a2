import type { PlaybackStartResponse } from "../../../common/schemas/playback";
import type { startPlayback } from "../../domain/views/start-playback";

/** A started view: its id, and whether it can earn (with the reason when not: docs/decisions/035). */
export const playbackStartJson = ({
  viewId,
  earnability,
}: Awaited<ReturnType<typeof startPlayback>>): PlaybackStartResponse => ({
  view_id: viewId,
  ...earnability,
});
