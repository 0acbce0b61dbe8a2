import { act } from "@testing-library/react";
import { vi } from "vitest";

/** Moves fake time on by `n` seconds, running what the screen scheduled meanwhile (countdowns). */
export const passSeconds = (n: number) => act(() => vi.advanceTimersByTime(n * 1000));
