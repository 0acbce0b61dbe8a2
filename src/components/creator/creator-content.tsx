import type { ContentType } from "../../lib/types";
import { ContentFeed } from "../gallery/content-feed";
import { Tabs } from "../tabs";

const filters: { id: string; label: string; type?: ContentType; what: string }[] = [
  { id: "all", label: "All", what: "anything" },
  { id: "video", label: "Videos", type: "video", what: "any videos" },
  { id: "audio", label: "Audio", type: "audio", what: "any audio" },
];

/** The creator's uploads, filtered by type; each tab shows its own paginated grid. */
export function CreatorContent({ creatorId, creatorName }: { creatorId: string; creatorName: string }) {
  return (
    <Tabs
      label="Content type"
      tabs={filters.map((filter) => ({
        id: filter.id,
        label: filter.label,
        panel: (
          <ContentFeed
            query={{ creator: creatorId, type: filter.type }}
            emptyTitle="No content found"
            emptyText={`${creatorName} hasn't published ${filter.what} yet.`}
          />
        ),
      }))}
    />
  );
}
