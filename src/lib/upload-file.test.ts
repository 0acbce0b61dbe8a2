import { afterEach, describe, expect, it, vi } from "vitest";
import { stubFetch } from "../test/fetch";
import { stubXhr } from "../test/xhr";
import { uploadFile } from "./upload-file";

/** Ten bytes that open as an MP4 does (an `ftyp` box at offset 4), so the bytes check lets them through. */
const video = () =>
  new File([new Uint8Array([0, 0, 0, 10, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73])], "clip.mp4", { type: "video/mp4" });
const plan = { token: "tok/1", partSize: 4, partCount: 3 };
const signedMultipart = { body: { key: "media/big.mp4", uploadUrl: "/unused", multipart: plan } };

afterEach(() => {
  vi.useRealTimers();
});

describe("uploadFile, one PUT", () => {
  it("signs, PUTs the file with its type and reports progress", async () => {
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": {
        body: { key: "media/k1.mp4", uploadUrl: "/api/uploads/put?token=t", multipart: null },
      },
    });
    const requests = stubXhr(() => undefined);
    const onProgress = vi.fn();
    const done = uploadFile(video(), { onProgress });

    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const [put] = requests;
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      filename: "clip.mp4",
      contentType: "video/mp4",
      fileSize: 10,
    });
    expect([put.method, put.url, put.headers["Content-Type"]]).toEqual([
      "PUT",
      "/api/uploads/put?token=t",
      "video/mp4",
    ]);
    expect((put.body as File).name).toBe("clip.mp4");

    put.progress(5, 10);
    put.respond(200, { key: "media/k1.mp4" });
    await expect(done).resolves.toBe("media/k1.mp4");
    expect(onProgress.mock.calls.map(([f]) => f)).toEqual([0.5, 1]);
  });

  it("throws the server's error text from the sign step and from the PUT", async () => {
    stubFetch({ "POST /api/uploads/sign": { status: 400, body: { error: "Unsupported file type", requestId: "r" } } });
    await expect(uploadFile(video(), {})).rejects.toThrow("Unsupported file type");

    stubFetch({ "POST /api/uploads/sign": { body: { key: "k", uploadUrl: "/put", multipart: null } } });
    stubXhr(() => ({ status: 415, body: { error: "The file is not a valid MP4", requestId: "r" } }));
    await expect(uploadFile(video(), {})).rejects.toThrow("The file is not a valid MP4");
  });
});

describe("uploadFile, multipart", () => {
  it("resumes: skips the parts already stored, sends the rest, then completes", async () => {
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": signedMultipart,
      "GET /api/uploads/multipart": { body: { parts: [{ part: 1, size: 4 }] } },
      "POST /api/uploads/multipart/complete": { body: { key: "media/big.mp4" } },
    });
    const requests = stubXhr();
    const onProgress = vi.fn();

    await expect(uploadFile(video(), { onProgress })).resolves.toBe("media/big.mp4");
    expect(requests.map((r) => [r.url, (r.body as Blob).size])).toEqual([
      ["/api/uploads/multipart/part?token=tok%2F1&part=2", 4],
      ["/api/uploads/multipart/part?token=tok%2F1&part=3", 2],
    ]);
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${String(url)}`)).toEqual([
      "POST /api/uploads/sign",
      "GET /api/uploads/multipart?token=tok%2F1",
      "POST /api/uploads/multipart/complete?token=tok%2F1",
    ]);
    expect(onProgress.mock.calls[0][0]).toBe(0.4);
    expect(onProgress.mock.calls.at(-1)?.[0]).toBe(1);
  });

  it("retries a failed part after half a second, then goes on", async () => {
    vi.useFakeTimers();
    stubFetch({
      "POST /api/uploads/sign": signedMultipart,
      "GET /api/uploads/multipart": { body: { parts: [] } },
      "POST /api/uploads/multipart/complete": { body: { key: "media/big.mp4" } },
    });
    let failures = 1;
    const requests = stubXhr(() => (failures-- > 0 ? { status: 503 } : { status: 200 }));
    const done = uploadFile(video(), {});

    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe("media/big.mp4");
    expect(requests.map((r) => r.url.split("part=")[1])).toEqual(["1", "1", "2", "3"]);
  });

  it("gives up on a part after 4 attempts (waits 0.5 s, 1 s, 2 s) and keeps the stored parts", async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": signedMultipart,
      "GET /api/uploads/multipart": { body: { parts: [] } },
    });
    const requests = stubXhr(() => "network-error");
    const done = uploadFile(video(), {});
    const outcome = expect(done).rejects.toThrow("Network error during upload");

    await vi.advanceTimersByTimeAsync(3499);
    expect(requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(requests).toHaveLength(4);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
  });

  it("does not retry a refused part", async () => {
    stubFetch({ "POST /api/uploads/sign": signedMultipart, "GET /api/uploads/multipart": { body: { parts: [] } } });
    const requests = stubXhr(() => ({ status: 403, body: { error: "Upload token expired", requestId: "r" } }));
    await expect(uploadFile(video(), {})).rejects.toThrow("Upload token expired");
    expect(requests).toHaveLength(1);
  });

  it("on abort stops the part in flight and deletes the multipart upload", async () => {
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": signedMultipart,
      "GET /api/uploads/multipart": { body: { parts: [] } },
      "DELETE /api/uploads/multipart": { body: { ok: true } },
    });
    const requests = stubXhr(() => undefined);
    const controller = new AbortController();
    const done = uploadFile(video(), { signal: controller.signal });

    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    await expect(done).rejects.toThrow("Upload aborted");
    expect(requests[0].aborted).toBe(true);
    expect(fetchMock.mock.calls.at(-1)?.slice(0, 1)).toEqual(["/api/uploads/multipart?token=tok%2F1"]);
    expect(fetchMock.mock.calls.at(-1)?.[1]?.method).toBe("DELETE");
  });
});
