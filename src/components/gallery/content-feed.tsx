import type { ContentFeedQuery } from "../../lib/content-api";
import { useContentFeed } from "../../queries/content-feed";
import { ContentGrid } from "./content-grid";
import type { DiscoveryMethod } from "../../lib/discovery";
import { LoadMore } from "./load-more";

type ContentFeedProps = {
  query: ContentFeedQuery;
  discovery?: DiscoveryMethod;
  emptyTitle?: string;
  emptyText?: string;
};

/** The content grid for one query, with further pages loaded as the viewer scrolls. */
export function ContentFeed({ query, discovery, emptyTitle, emptyText }: ContentFeedProps) {
  const feed = useContentFeed(query);
  return (
    <div aria-busy={feed.loadingFirst || feed.loadingMore}>
      <ContentGrid
        items={feed.items}
        inCaptions={feed.inCaptions}
        loading={feed.loadingFirst}
        discovery={discovery}
        emptyTitle={emptyTitle}
        emptyText={emptyText}
      />
      {feed.hasMore && !feed.loadingFirst ? (
        <LoadMore loading={feed.loadingMore} auto={!feed.failed} onLoadMore={feed.loadMore} />
      ) : null}
    </div>
  );
}
