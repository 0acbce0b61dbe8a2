import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * Moves fake time on in small steps (running what the screen schedules, such as the upload's progress
 * steps) until `check` passes; the fake-timer counterpart of `waitFor`.
 */
export async function advanceUntil(check: () => void, { stepMs = 50, maxMs = 10_000 } = {}) {
  for (let waited = 0; ; waited += stepMs) {
    try {
      check();
      return;
    } catch (error) {
      if (waited >= maxMs) throw error;
    }
    await act(() => vi.advanceTimersByTimeAsync(stepMs));
  }
}

export type ShownStep = { percent: number; announced: string; at: number };

/**
 * Records what a progress bar showed: each value it rendered (a value set and replaced within one render
 * never reaches the page, so it is missing here too), what the status region `announced` with it, and when.
 */
export function recordProgress(bar: () => HTMLElement | null, status: () => HTMLElement | null) {
  const shown: ShownStep[] = [];
  const read = () => {
    const element = bar();
    if (!element) return;
    const percent = Number(element.getAttribute("aria-valuenow"));
    const announced = status()?.textContent ?? "";
    const last = shown.at(-1);
    if (last?.percent !== percent || last.announced !== announced) shown.push({ percent, announced, at: Date.now() });
  };
  const observer = new MutationObserver(read);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  read();
  return { shown, stop: () => observer.disconnect() };
}
