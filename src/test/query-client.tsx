import { notifyManager, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { expect, vi } from "vitest";
import { createQueryClient } from "../lib/query-client";

// The server-state cache in component tests: main.tsx's client, a fresh one per render, so no answer,
// poll or invalidation of one test reaches the next.

const clients = new Set<QueryClient>();

/** main.tsx's client (its failure logging included), never retrying: a stubbed failure shows at once. */
function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  clients.add(client);
  return client;
}

/** Empties every cache the test made, stopping their timers (src/test/setup.ts, after each test). */
export function clearTestQueryClients() {
  for (const client of clients) client.clear();
  clients.clear();
}

/** `render` inside the QueryClientProvider that main.tsx puts around the app; returns the client too. */
export function renderWithQueries(ui: ReactElement, options: Omit<RenderOptions, "wrapper"> = {}) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...render(ui, { ...options, wrapper }) };
}

/**
 * Lets TanStack Query deliver what it has queued for the screens (it batches into the next task) and
 * React render it. Resolves right after the queue is through: a wait on the library's own queue, not a
 * guessed delay. Needs real timers (or fake ones that advance with time).
 */
export const flushQueryNotifications = () =>
  act(() => new Promise<void>((resolve) => notifyManager.schedule(() => resolve())));

/**
 * Waits until no request of `queryClient` is under way and the screens show what the answers said: for
 * checking that an answer left something hidden, where there is nothing to find on screen.
 */
export async function settleQueries(queryClient: QueryClient) {
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  await flushQueryNotifications();
}
