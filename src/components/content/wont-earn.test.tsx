import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MEDIA_FLOOR_TEXTS } from "../../../common/media-floor";
import { earningRules } from "../../test/earnings-fixtures";
import { deferred, stubFetch } from "../../test/fetch";
import { renderWithQueries, settleQueries } from "../../test/query-client";
import { WontEarn } from "./wont-earn";

// The badge by an item whose views can't earn (docs/decisions/063). Only "too short" names a rule, the admin's
// minimum length, which it reads from GET /api/earning-rules: never a copy of it (docs/decisions/067).

const rulesCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url === "/api/earning-rules").length;

describe("Won't earn badge", () => {
  it("says an item is too short without a number until the rules arrive, then names the server's minimum", async () => {
    const rules = deferred<{ body: typeof earningRules }>();
    const fetchMock = stubFetch({ "GET /api/earning-rules": () => rules.promise });
    const { queryClient } = renderWithQueries(<WontEarn block="too_short" />);
    await vi.waitFor(() => expect(rulesCalls(fetchMock)).toBeGreaterThan(0));
    expect(screen.getByText("Won't earn: too short")).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\d/);

    rules.resolve({ body: { ...earningRules, min_earning_seconds: 20 } });
    await settleQueries(queryClient);
    expect(screen.getByText("Won't earn: shorter than 20 s")).toBeVisible();
  });

  it("states the media floor it missed, asking no rule", async () => {
    const fetchMock = stubFetch({});
    renderWithQueries(<WontEarn block="small_picture" />);
    expect(screen.getByText(`Won't earn: ${MEDIA_FLOOR_TEXTS.small_picture}`)).toBeVisible();
    expect(rulesCalls(fetchMock)).toBe(0);
  });
});
