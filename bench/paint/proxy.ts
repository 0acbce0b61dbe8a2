// A compressing reverse proxy in front of `vite preview`: the edge compresses text responses with brotli, the
// local preview does not, so measuring without it would judge bytes no visitor downloads.
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { brotliCompressSync, constants } from "node:zlib";

const TEXT = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

// The Host header stays the visitor's, so the Worker's same-origin checks see the origin the browser is on.
function forwardHeaders(headers: IncomingHttpHeaders) {
  const out: IncomingHttpHeaders = { ...headers };
  delete out["accept-encoding"]; // the origin answers plain; we compress
  return out;
}

/**
 * Listens on `port`, forwards to `origin`; text answers go out brotli-compressed (quality 11 for hashed assets,
 * which the edge compresses once and keeps; 5 for pages and API answers, as for dynamic content). Compressed
 * hashed assets are cached, so compression time never counts as server time after the first fetch.
 */
export function startCompressingProxy(port: number, origin: string): Promise<Server> {
  const cache = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const upstream = request(
      new URL(req.url ?? "/", origin),
      { method: req.method, headers: forwardHeaders(req.headers) },
      (up) => {
        const chunks: Buffer[] = [];
        up.on("data", (c: Buffer) => chunks.push(c));
        up.on("end", () => {
          const body = Buffer.concat(chunks);
          // The body is sent whole: a copied `transfer-encoding: chunked` would make the browser wait for chunks.
          const headers = { ...up.headers };
          delete headers["transfer-encoding"];
          delete headers.connection;
          const wantsBr = /\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""));
          if (
            wantsBr &&
            body.length > 0 &&
            TEXT.test(String(up.headers["content-type"] ?? "")) &&
            !up.headers["content-encoding"]
          ) {
            const hashed = (req.url ?? "").startsWith("/assets/");
            const key = `${req.url}|${up.headers.etag ?? body.length}`;
            let packed = hashed ? cache.get(key) : undefined;
            if (!packed) {
              packed = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: hashed ? 11 : 5 } });
              if (hashed) cache.set(key, packed);
            }
            headers["content-encoding"] = "br";
            headers["content-length"] = String(packed.length);
            headers.vary = "Accept-Encoding";
            res.writeHead(up.statusCode ?? 502, headers);
            res.end(packed);
            return;
          }
          res.writeHead(up.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
