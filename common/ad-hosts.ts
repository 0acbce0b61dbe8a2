// Which hosts the pages' Content-Security-Policy lets ads use (docs/decisions/017): the feed's own origin,
// plus the hosts an admin lists because the feed names them (media CDNs, wrapper servers, tracking pixels).

/** An https origin, optionally with a leading `*.` wildcard and a port: exactly what a CSP source may be. */
export const AD_HOST_ORIGIN =
  /^https:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?$/;
export const MAX_AD_HOSTS = 20;
