/**
 * Hours left (the API's `timeRemaining`, fractional) as hours and minutes, rounded down so the panel
 * never promises time that is not there: 23.57 → "23h 34m", 0.5 → "0h 30m", under a minute → "less than 1m".
 */
export function formatTimeLeft(hours: number): string {
  const minutes = Math.floor(Math.max(0, hours) * 60);
  if (minutes < 1) return "less than 1m";
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
