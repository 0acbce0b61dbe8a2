import { vi } from "vitest";

/**
 * Replaces the browser's own alert and confirm for this test (src/test/setup.ts restores them); confirm
 * answers OK unless the test says otherwise with `confirm.mockReturnValue(false)`.
 */
export function stubBrowserDialogs() {
  const alert = vi.fn<(message?: string) => void>();
  const confirm = vi.fn<(message?: string) => boolean>(() => true);
  vi.stubGlobal("alert", alert);
  vi.stubGlobal("confirm", confirm);
  return { alert, confirm };
}
