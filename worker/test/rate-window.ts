/** Counts are per UTC minute: start early in one, so a test's requests all land in the same window. */
export async function startOfAWindow() {
  const second = new Date().getUTCSeconds();
  if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}

/** Up to 20 s waiting for a fresh window, then a minute's worth of requests on a possibly loaded machine. */
export const WINDOW_TEST_TIMEOUT_MS = 60_000;

/** Hour windows are fixed too: a test that fills one should not start in its last seconds. */
export async function notAtTheEndOfAnHour() {
  const now = new Date();
  const left = 3600 - (now.getUTCMinutes() * 60 + now.getUTCSeconds());
  if (left < 15) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
}
