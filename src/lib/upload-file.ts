import { expectedKind, SNIFF_BYTES, sniffFileKind } from "../../common/media-sniff";
import type { UploadSignBody, UploadMultipartPlan } from "../../common/schemas/uploads";
import { api, ApiError, apiUrl } from "./api";

export type UploadFileOptions = {
  /** Fraction of the file's bytes stored so far, from 0 to 1. */
  onProgress?(fraction: number): void;
  /** Called once the upload is signed, before any byte is sent (bulk rows show this step); awaited. */
  onSigned?(): void | Promise<void>;
  signal?: AbortSignal;
};

/** Each part gets up to 4 attempts; the waits between them double from half a second. */
const PART_RETRY_DELAYS_MS = [500, 1000, 2000];

/**
 * Stores a file through our signed upload routes (docs/architecture.md §4 "Uploads") and resolves to its key.
 * Small files go in one PUT; large ones follow the multipart plan the sign step returns.
 */
export async function uploadFile(file: File, opts: UploadFileOptions = {}): Promise<string> {
  const { onProgress, onSigned, signal } = opts;
  const contentType = contentTypeOf(file);
  // The pickers check this already; a file changed on disk since is still refused before any request.
  const problem = await mediaContentProblem(file);
  if (problem) throw new FileRefused(problem);
  const signed = await api.POST("/api/uploads/sign", {
    body: { filename: file.name, contentType, fileSize: file.size } satisfies UploadSignBody,
    signal,
  });
  await onSigned?.();
  if (!signed.multipart) {
    await putBlob(signed.uploadUrl, file, contentType, signal, (loaded) => onProgress?.(loaded / (file.size || 1)));
  } else {
    await uploadMultipart(file, contentType, signed.multipart, opts);
  }
  onProgress?.(1);
  return signed.key;
}

/** The file's MIME type; some systems give none for a file, and then the extension is all we know. */
export function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.toLowerCase().split(".").pop();
  return ext === "mp4" ? "video/mp4" : ext === "mp3" ? "audio/mpeg" : "application/octet-stream";
}

/** A file refused here, before any request; its message says why, in words. */
export class FileRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FileRefused";
  }
}

const MEDIA_NAMES = { mp4: "MP4 video", mp3: "MP3 audio" } as const;

/**
 * Null when a video or audio file's first bytes are what its type says (common/media-sniff.ts, the rule
 * the Worker applies to the stored bytes); otherwise the sentence to show. Other files (thumbnails) are
 * the server's to judge.
 */
export async function mediaContentProblem(file: File): Promise<string | null> {
  const expected = expectedKind(contentTypeOf(file));
  if (expected !== "mp4" && expected !== "mp3") return null;
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    return null; // Unreadable here: the server still checks what arrives.
  }
  if (sniffFileKind(head) === expected) return null;
  return `“${file.name}” does not contain ${MEDIA_NAMES[expected]}, whatever its name says, so it cannot be uploaded. Choose the original video or audio file.`;
}

async function uploadMultipart(file: File, contentType: string, plan: UploadMultipartPlan, opts: UploadFileOptions) {
  const { onProgress, signal } = opts;
  const token = { query: { token: plan.token } };
  try {
    // Parts already stored (an earlier, interrupted attempt) are not sent again.
    const { parts } = await api.GET("/api/uploads/multipart", { params: token, signal });
    const stored = new Set(parts.map((p) => p.part));
    let done = parts.reduce((sum, p) => sum + p.size, 0);
    onProgress?.(done / file.size);
    for (let part = 1; part <= plan.partCount; part++) {
      if (stored.has(part)) continue;
      const body = file.slice((part - 1) * plan.partSize, part * plan.partSize);
      const url = apiUrl("put", "/api/uploads/multipart/part", { query: { token: plan.token, part } });
      await withRetries(signal, () =>
        putBlob(url, body, contentType, signal, (loaded) => onProgress?.((done + loaded) / file.size)),
      );
      done += body.size;
    }
    await api.POST("/api/uploads/multipart/complete", { params: token, signal });
  } catch (error) {
    // Only a deliberate abort discards the stored parts; after other failures they stay for a resume.
    if (signal?.aborted) {
      await api.DELETE("/api/uploads/multipart", { params: token }).catch(() => undefined);
    }
    throw error;
  }
}

async function withRetries(signal: AbortSignal | undefined, attempt: () => Promise<void>) {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted || i >= PART_RETRY_DELAYS_MS.length || !isRetryable(error)) throw error;
      await sleep(PART_RETRY_DELAYS_MS[i], signal);
    }
  }
}

// A network drop, a time-out or a server hiccup may pass; a refused token or body will not.
function isRetryable(error: unknown) {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Waits `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

const abortError = () => new DOMException("Upload aborted", "AbortError");

/** PUT with XMLHttpRequest, because fetch cannot report upload progress. */
function putBlob(
  url: string,
  body: Blob,
  contentType: string,
  signal: AbortSignal | undefined,
  onLoaded: (bytes: number) => void,
) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = (error?: Error) => {
      signal?.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else resolve();
    };
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", contentType);
    xhr.upload.onprogress = (event) => onLoaded(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) settle();
      else settle(new ApiError(xhr.status, readError(xhr.responseText)));
    };
    xhr.onerror = () => settle(new Error("Network error during upload"));
    xhr.onabort = () => settle(abortError());
    signal?.addEventListener("abort", onAbort, { once: true });
    xhr.send(body);
  });
}

function readError(text: string) {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === "object" && "error" in body ? (body as ApiError["body"]) : null;
  } catch {
    return null;
  }
}
