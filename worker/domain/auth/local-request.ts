// Whether a request comes from this machine, for the local sign-in (docs/decisions/017). The URL's host is
// only the Host header, which anyone can send; a proxy in front of the Worker (a tunnel, nginx, Cloudflare)
// says where the request really came from in the headers below, so any of them naming another machine
// makes the request remote. Under `npm run dev` the Vite plugin sets X-Forwarded-Host to the Host header
// and Miniflare sets CF-Connecting-IP to the socket's address (loopback); the tests' SELF.fetch sets neither.

const LOOPBACK_IPV6 = new Set(["::1", "0:0:0:0:0:0:0:1"]);

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x, with or without brackets and a port. */
export function isLoopbackAddress(raw: string): boolean {
  let address = raw.trim().replace(/^"|"$/g, "");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.toLowerCase().replace(/^::ffff:/, "");
  return LOOPBACK_IPV6.has(address) || /^127(\.\d{1,3}){3}$/.test(address);
}

/** A Host value (name or address, optional port) that names this machine. */
export function isLoopbackHost(raw: string): boolean {
  const host = raw.trim().replace(/^"|"$/g, "").toLowerCase();
  const name = host.startsWith("[") ? host : host.replace(/:\d+$/, "");
  return name === "localhost" || isLoopbackAddress(name);
}

const list = (value: string) =>
  value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/** Every `for=` and `host=` of an RFC 7239 Forwarded header. */
function forwardedValues(value: string) {
  return list(value).flatMap((element) =>
    element.split(";").flatMap((pair) => {
      const [name, ...rest] = pair.split("=");
      const key = name?.trim().toLowerCase();
      return key === "for" || key === "host" ? [{ key, value: rest.join("=").trim() }] : [];
    }),
  );
}

/**
 * The first sign that the request came from another machine (a header name, or "Host"), or null when
 * everything it says points at this one.
 */
export function remoteRequestSign(url: URL, headers: Headers): string | null {
  if (!isLoopbackHost(url.hostname)) return "Host";
  for (const name of ["cf-connecting-ip", "x-forwarded-for", "x-real-ip", "true-client-ip"]) {
    const value = headers.get(name);
    if (value !== null && !list(value).every(isLoopbackAddress)) return name;
  }
  const forwardedHost = headers.get("x-forwarded-host");
  if (forwardedHost !== null && !list(forwardedHost).every(isLoopbackHost)) return "x-forwarded-host";
  const forwarded = headers.get("forwarded");
  if (forwarded !== null) {
    const local = forwardedValues(forwarded).every(({ key, value }) =>
      key === "for" ? isLoopbackAddress(value) : isLoopbackHost(value),
    );
    if (!local) return "forwarded";
  }
  return null;
}
