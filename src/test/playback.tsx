import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import type { DiscoveryMethod } from "../lib/discovery";
import { usePlaybackReporting } from "../hooks/use-playback-reporting";
import { stubFetch } from "./fetch";

// Harness for the playback reporting hook: the content page's router around it, and the two playback
// endpoints stubbed and recorded.

export const contentId = "01J0000000000000000000C900";
export type Sent = { path: "start" | "event"; body: Record<string, unknown> };
export type Reply = { status?: number; body?: unknown };
type Replies = { start?: () => Reply | Promise<Reply>; event?: () => Reply | Promise<Reply> };

/** Records every event sent; by default answers start events with view ids v1, v2… and events with 200. */
export function stubEvents(replies: Replies = {}) {
  const sent: Sent[] = [];
  let views = 0;
  const { start = () => ({ status: 201, body: { view_id: `v${++views}` } }), event = () => ({ body: {} }) } = replies;
  const record = (path: Sent["path"], init: RequestInit | undefined, reply: () => Reply | Promise<Reply>) => {
    sent.push({ path, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return reply();
  };
  stubFetch({
    "POST /api/playback-events": (init) => record("start", init, start),
    "POST /api/events/playback": (init) => record("event", init, event),
  });
  return sent;
}

/** The hook on a content page opened with `discovery` in the location state (none: a pasted link). */
export function renderReporting(discovery?: DiscoveryMethod) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[{ pathname: `/content/${contentId}`, state: discovery ? { discovery } : null }]}>
      {children}
    </MemoryRouter>
  );
  const hook = renderHook(({ id }) => usePlaybackReporting(id), { wrapper, initialProps: { id: contentId } });
  return {
    get current() {
      return hook.result.current;
    },
    /** The page now shows another item (same hook, new content id). */
    showItem: (id: string) => hook.rerender({ id }),
  };
}

/** Node's setImmediate, which the tests' DOM has but the SPA's types (the browser's) do not name. */
const immediate = (globalThis as typeof globalThis & { setImmediate: (callback: (value?: unknown) => void) => unknown })
  .setImmediate;

/** [event_type, second_mark] of each progress/complete event sent. */
export const events = (sent: Sent[]) =>
  sent.filter((s) => s.path === "event").map((s) => [s.body.event_type, s.body.second_mark]);

/**
 * Lets queued requests and their answers run. A stubbed answer's body is read through streams that finish on
 * Node's check phase (setImmediate) as well as on timers, and which of a 0 ms timer and an immediate runs first
 * depends on the machine's load; so several turns of both (one timer turn lost the start's answer under load).
 */
export const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 5; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => immediate(resolve));
    }
  });
