import { sha256Hex } from "./crypto";

// Address groups (docs/decisions/030): every rule about "one address" (rate limits, the views' ip_hash that
// the shared-address rule, the bonus checks and the challenges' distinct viewers compare, the traffic and
// ad figures) counts an IPv4 address whole and an IPv6 address by its /64. One home or phone connection is
// handed a whole /64 (2^64 addresses); counting IPv6 addresses whole let a farm rotate within its own /64
// and look like billions of strangers.

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The four octets of a dotted IPv4 address, or null. */
function ipv4Octets(text: string): number[] | null {
  const m = IPV4.exec(text);
  if (!m) return null;
  const octets = m.slice(1).map(Number);
  return octets.every((n) => n <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail folded in), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string, allowV4Tail: boolean): number[] | null => {
    if (half === "") return [];
    const out: number[] = [];
    const pieces = half.split(":");
    for (const [i, piece] of pieces.entries()) {
      const v4 = allowV4Tail && i === pieces.length - 1 ? ipv4Octets(piece) : null;
      if (v4) out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      else if (/^[0-9a-f]{1,4}$/.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const head = parse(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? parse(halves[1]!, true) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

/**
 * The group an address belongs to, in one canonical spelling: an IPv4 address as itself ("203.0.113.7", also
 * when written IPv4-mapped, `::ffff:203.0.113.7`), an IPv6 address as its /64 ("2001:db8:1:2::/64"), whatever
 * the case, `::` shortening, zone id, brackets or port. Anything else (not an address at all) is its own
 * group, lower-cased.
 */
export function addressGroup(raw: string): string {
  let text = raw.trim().replace(/^"|"$/g, "").toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, "");
  const v4 = ipv4Octets(text);
  if (v4) return v4.join(".");
  const v6 = ipv6Groups(text);
  if (!v6) return text;
  const mapped = v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff;
  if (mapped) return [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff].join(".");
  return `${v6
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The network an address group belongs to, for the rules that judge collusion and shared addresses rather than
 * rate: an IPv6 /64 belongs to its /56 ("2001:db8:1:200::/56"), the delegation a home or small office is commonly
 * handed, so a farm spreading its accounts over the /64s of one home connection is still one network
 * (docs/decisions/065). An IPv4 address is its own network; so is anything that is not an address.
 */
export function addressNetwork(raw: string): string {
  const group = addressGroup(raw);
  if (!group.endsWith("::/64")) return group;
  const groups = group
    .slice(0, -"::/64".length)
    .split(":")
    .map((g) => parseInt(g, 16));
  return `${groups[0]!.toString(16)}:${groups[1]!.toString(16)}:${groups[2]!.toString(16)}:${(groups[3]! & 0xff00).toString(16)}::/56`;
}

/** How many hex digits of an address group's SHA-256 are stored (view_addresses keys the same 16). */
const ADDRESS_HASH_DIGITS = 16;
/** How many of them name the group's network (networkKeySql): the first half. */
const NETWORK_HASH_DIGITS = 8;

/**
 * A caller's address group as the database may hold it: salted with the session secret and hashed, so
 * rate limits, view rules and traffic figures can tell groups apart without storing any address. An IPv4
 * address hashes exactly as it did when addresses were hashed whole, so rows written before groups still
 * compare with new ones. The first 16 hex digits (64 bits) of the SHA-256 (docs/decisions/060): every view and
 * page visit stores it, and two of a hundred million groups share it with odds of about one in 3,000. Views
 * written before kept all 64; readers that compare views with each other take the first 16 (or 8) of both. An IPv6
 * group's 16 digits are its /56's first 8 and its /64's first 8 (docs/decisions/065), so the rules that judge a
 * network compare the first 8 (networkKeySql) and everything else still tells /64s apart.
 */
export async function addressGroupHash(secret: string, address: string): Promise<string> {
  const group = addressGroup(address);
  const whole = (await sha256Hex(`${secret}:ip:${group}`)).slice(0, ADDRESS_HASH_DIGITS);
  const network = addressNetwork(address);
  if (network === group) return whole;
  // An IPv6 group: its network's hash first, then the /64's, so the first NETWORK_HASH_DIGITS name the /56 and all
  // sixteen still name the /64 (docs/decisions/065). For IPv4 the network is the address: its first digits are
  // the address's own, as before.
  const net = (await sha256Hex(`${secret}:ip:${network}`)).slice(0, NETWORK_HASH_DIGITS);
  return net + whole.slice(0, ADDRESS_HASH_DIGITS - NETWORK_HASH_DIGITS);
}
