/**
 * Durations and sizes as the uploader reads them in an error message ("1 s", "2.6 s", "1 min 5 s",
 * "1 h 12 s", "980 KB"). Only for messages: stored values stay integer milliseconds and bytes.
 */

/**
 * Under 10 s to a tenth of a second (so 1 s and 1.4 s read differently), under 2 minutes in whole seconds
 * ("60 s", "90 s"), above that in hours, minutes and seconds ("1 h 12 s").
 */
export function spokenDuration(ms: number): string {
  if (ms < 10_000) return `${Number((ms / 1000).toFixed(1))} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const parts: [number, string][] = [
    [Math.floor(seconds / 3600), "h"],
    [Math.floor((seconds % 3600) / 60), "min"],
    [seconds % 60, "s"],
  ];
  return parts
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value} ${unit}`)
    .join(" ");
}

/** Decimal kilobytes and megabytes, as file managers show them. */
export function spokenSize(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${Number((bytes / 1_000_000).toFixed(1))} MB`;
}

/**
 * Storage in the binary units the upload limits are set in ("20 GiB", "1.4 GiB", "300 MiB", "12 KiB"),
 * rounded down, so the space a message says is left is never more than what is.
 */
export function spokenStorage(bytes: number): string {
  const KiB = 1024;
  const MiB = 1024 * KiB;
  const GiB = 1024 * MiB;
  if (bytes >= GiB) return `${Math.floor((bytes / GiB) * 10) / 10} GiB`;
  if (bytes >= MiB) return `${Math.floor(bytes / MiB)} MiB`;
  return `${Math.floor(Math.max(0, bytes) / KiB)} KiB`;
}
