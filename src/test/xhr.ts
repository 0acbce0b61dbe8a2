import { vi } from "vitest";

type Reply = { status?: number; body?: unknown } | "network-error";

/**
 * A stand-in for XMLHttpRequest, the network boundary of uploads (fetch cannot report upload
 * progress). `stubXhr(reply)` answers each request from `reply`; when `reply` returns undefined
 * the request stays open and the test settles it with `progress`, `respond` or `fail`.
 */
export class FakeXhr {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
    xhrState.requests.push(this);
    const reply = xhrState.reply(this);
    if (reply === undefined) return;
    // Answer on a later microtask, as a real request would never answer inside send().
    void Promise.resolve().then(() =>
      reply === "network-error" ? this.fail() : this.respond(reply.status, reply.body),
    );
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total });
  }

  respond(status = 200, body: unknown = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }
}

const xhrState: { requests: FakeXhr[]; reply: (xhr: FakeXhr) => Reply | undefined } = {
  requests: [],
  reply: () => undefined,
};

/** Replaces XMLHttpRequest for this test (src/test/setup.ts restores it); returns the requests made. */
export function stubXhr(reply: (xhr: FakeXhr) => Reply | undefined = () => ({ status: 200 })) {
  xhrState.requests = [];
  xhrState.reply = reply;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return xhrState.requests;
}
