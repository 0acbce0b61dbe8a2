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

/** Lets queued requests and their answers run. */
export const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** [event_type, second_mark] of each progress/complete event sent. */
export const events = (sent: Sent[]) =>
  sent.filter((s) => s.path === "event").map((s) => [s.body.event_type, s.body.second_mark]);
