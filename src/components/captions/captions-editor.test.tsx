import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeContent } from "../../test/content-fixtures";
import { stubFetch } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { CaptionsEditor } from "./captions-editor";
import { UploadCaptionsField, useUploadCaptions } from "./upload-captions";

// The forms' captions (docs/decisions/049): files checked in the browser with the server's parser before any
// request, and the editor's add, replace and remove saved at once.

const vtt = (text: string, name = "captions.vtt") => new File([text], name, { type: "text/vtt" });
const GOOD = "WEBVTT\n\n00:01.000 --> 00:03.000\nHello\n";
const pick = (file: File) =>
  fireEvent.change(screen.getByLabelText("Captions file (.vtt)"), { target: { files: [file] } });
const lang = (value: string) => fireEvent.change(screen.getByLabelText("Language"), { target: { value } });

function itemWith(langs: string[]) {
  return {
    ...makeContent({ id: "01J0000000000000000000C900", duration: 42 }),
    resume_at_seconds: null,
    resume_skips_preroll: false,
    captions: langs.map((l) => ({ lang: l, url: `/x/${l}` })),
  };
}

describe("the content editor's captions", () => {
  it("refuses a hostile file in the browser, naming what is wrong, and sends nothing", async () => {
    const fetchMock = stubFetch({ "GET /api/content/01J0000000000000000000C900": { body: itemWith([]) } });
    renderWithQueries(<CaptionsEditor contentId="01J0000000000000000000C900" durationSeconds={42} />);
    lang("en");
    pick(vtt("<html><script>alert(1)</script></html>"));
    expect((await screen.findByRole("alert")).textContent).toBe("Not a WebVTT file: the first line must be WEBVTT");
    pick(vtt("WEBVTT\n\n00:01.000 --> 01:00.000\nLate\n"));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Line 3: the cue ends at 01:00.000, after the end of the item (00:00:42.000)",
      ),
    );
    pick(new File([new Uint8Array([0xff, 0xfe, 0x57, 0])], "utf16.vtt"));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("The captions file is UTF-16: save it as UTF-8"),
    );
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Add" }).disabled).toBe(true);
    lang("english!");
    expect(screen.getByRole("alert").textContent).toBe("Language must be a language tag such as en or pt-BR");
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "PUT")).toEqual([]);
  });

  it("adds a track (PUT text/vtt), then lists it with Remove, which deletes it", async () => {
    let langs: string[] = [];
    const fetchMock = stubFetch({
      "GET /api/content/01J0000000000000000000C900": () => ({ body: itemWith(langs) }),
      "PUT /api/content/01J0000000000000000000C900/captions/pt-BR": () => {
        langs = ["pt-BR"];
        return { body: { lang: "pt-BR", url: "/x", cues: 1, bytes: 40 } };
      },
      "DELETE /api/content/01J0000000000000000000C900/captions/pt-BR": () => {
        langs = [];
        return { body: { ok: true } };
      },
    });
    renderWithQueries(<CaptionsEditor contentId="01J0000000000000000000C900" durationSeconds={42} />);
    await screen.findByText(/No captions yet/);
    lang("pt-br");
    pick(vtt(GOOD));
    const add = await screen.findByRole<HTMLButtonElement>("button", { name: "Add" });
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    expect(await screen.findByText("Captions in Brazilian Portuguese added")).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(new Headers(put[1]!.headers).get("content-type")).toBe("text/vtt");
    fireEvent.click(await screen.findByRole("button", { name: "Remove captions in Brazilian Portuguese" }));
    expect(await screen.findByText("Captions in Brazilian Portuguese removed")).toBeTruthy();
    await screen.findByText(/No captions yet/);
  });
});

function UploadHarness() {
  const captions = useUploadCaptions();
  return (
    <>
      <UploadCaptionsField field={captions.field} />
      <output aria-label="ready">{String(captions.ready)}</output>
    </>
  );
}

describe("the upload form's captions", () => {
  it("a row blocks the upload until its language and file are fine; two rows cannot share a language", async () => {
    stubFetch({});
    renderWithQueries(<UploadHarness />);
    const ready = () => screen.getByLabelText("ready").textContent;
    expect(ready()).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Add captions" }));
    expect(ready()).toBe("true"); // an untouched row is not a mistake
    lang("en");
    expect(screen.getByRole("alert").textContent).toBe("Choose a .vtt file");
    expect(ready()).toBe("false");
    pick(vtt(GOOD));
    await waitFor(() => expect(ready()).toBe("true"));
    fireEvent.click(screen.getByRole("button", { name: "Add captions" }));
    fireEvent.change(screen.getAllByLabelText("Language")[1]!, { target: { value: "EN" } });
    expect(screen.getByRole("alert").textContent).toBe("There are captions in English already");
    expect(ready()).toBe("false");
  });
});
