/**
 * The embed page's frame while its code or its item loads (docs/decisions/099): black, as the player will be, with
 * nothing of the site around it in another site's frame.
 */
export function EmbedLoading() {
  return <div className="h-dvh bg-black" />;
}
