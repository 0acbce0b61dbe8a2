import { ApiError, badRequest } from "../../lib/errors";
import { exactLength, sniffedStream } from "./sniffed-stream";

/**
 * Checks the declared length and the magic bytes, then streams exactly `size` bytes into `write`.
 * `sniff` is false for multipart parts after the first (only a file's start has magic bytes).
 */
export async function storeBody<T>(
  request: Request,
  expected: { size: number; contentType: string; sniff: boolean },
  write: (stream: ReadableStream<Uint8Array>) => Promise<T>,
): Promise<T> {
  const declared = Number(request.headers.get("content-length"));
  if (!request.body || !Number.isFinite(declared) || request.headers.get("content-length") === null) {
    throw new ApiError(411, "Content-Length is required", "length_required");
  }
  if (declared > expected.size) throw new ApiError(413, "The file is larger than the size that was signed", "too_large");
  if (declared !== expected.size) throw badRequest("The file's size does not match the size that was signed");
  const body = expected.sniff ? await sniffedStream(request.body, expected.contentType) : request.body;
  const { stream, done } = exactLength(body, expected.size);
  try {
    const [result] = await Promise.all([write(stream), done]);
    return result;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    console.warn("upload body refused:", (err as Error).message);
    throw badRequest("The upload was interrupted or its size did not match; please try again");
  }
}
