import { AppError, badRequest, lengthRequired, tooLarge } from "../../lib/errors";
import { exactLength, sniffedStream } from "./sniffed-stream";

/**
 * Checks the declared length and the magic bytes, then streams exactly `size` bytes into `write`.
 * `sniff` is false for multipart parts after the first (only a file's start has magic bytes).
 * Settles only once both the body and the write have settled: a caller that hands an upload's claim back
 * after a failure must know that no write from this attempt can still land.
 */
export async function storeBody<T>(
  request: Request,
  expected: { size: number; contentType: string; sniff: boolean },
  write: (stream: ReadableStream<Uint8Array>) => Promise<T>,
): Promise<T> {
  const declared = Number(request.headers.get("content-length"));
  if (!request.body || !Number.isFinite(declared) || request.headers.get("content-length") === null) {
    throw lengthRequired("Content-Length is required", "length_required");
  }
  if (declared > expected.size) throw tooLarge("The file is larger than the size that was signed", "too_large");
  if (declared !== expected.size) throw badRequest("The file's size does not match the size that was signed");
  const body = expected.sniff ? await sniffedStream(request.body, expected.contentType) : request.body;
  // A write that fails without reading the whole body would leave the pipe waiting forever: stop it.
  const stopPipe = new AbortController();
  const { stream, done } = exactLength(body, expected.size, stopPipe.signal);
  const written = write(stream).catch((err: unknown) => {
    stopPipe.abort(err);
    throw err;
  });
  const [result, piped] = await Promise.allSettled([written, done]);
  if (result.status === "fulfilled" && piped.status === "fulfilled") return result.value;
  const err: unknown = result.status === "rejected" ? result.reason : (piped as PromiseRejectedResult).reason;
  if (err instanceof AppError) throw err;
  console.warn("upload body refused:", (err as Error).message);
  throw badRequest("The upload was interrupted or its size did not match; please try again");
}
