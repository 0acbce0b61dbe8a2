/**
 * Only real media earns (docs/decisions/063): finalize stores content.earn_block when an item's media misses a
 * floor (worker/domain/media/media-floor.ts); such an item stays published, and a view of it is paid nothing.
 * The condition the earnings job adds to what it pays, for the content row under `alias`. Items finalized
 * before the floor have a null earn_block, so they earn as before.
 */
export function contentEarnsSql(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias))
    throw new Error(`contentEarnsSql: ${JSON.stringify(alias)} is not an SQL alias`);
  return `(${alias}.earn_block is null)`;
}
