import { parseLink } from "../../../common/profile";

// A comment's words (docs/decisions/093). React escapes the text, so HTML in a comment shows as typed. Web
// addresses become links only when the author's account is 7 days old or more (`clickable`): a fresh account is
// the cheapest way to post spam links, so theirs stay plain text. Links carry rel="nofollow ugc noopener" so a
// comment lends no ranking and no window handle to where it points.

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;
/** Punctuation that ends a sentence after an address ("see https://x.example."), not part of it. */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * The link an address in a comment becomes, or null when it stays text: the same rule as profile links
 * (docs/decisions/107), so `https://reelpay.example@evil.example`, which reads as one host and opens another, is
 * never clickable. An address with letters of other scripts in its host is shown as the browser opens it
 * (punycode), so a lookalike host cannot pass for a known one.
 */
function commentLink(typed: string): { href: string; shown: string; after: string } | null {
  const after = TRAILING.exec(typed)?.[0] ?? "";
  const address = typed.slice(0, typed.length - after.length);
  const url = parseLink(address);
  if (!url) return null;
  const host = /^https?:\/\/([^/?#]*)/i.exec(address)?.[1] ?? "";
  return { href: url.href, shown: /[^\x21-\x7e]/.test(host) ? url.href : address, after };
}

export function CommentText({ text, clickable }: { text: string; clickable: boolean }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className="whitespace-pre-line wrap-anywhere text-slate-200">
      {parts.map((part, i) => {
        // split() with a capture group puts the addresses at the odd places.
        const link = clickable && i % 2 === 1 ? commentLink(part) : null;
        if (!link) return part;
        return (
          <span key={i}>
            <a
              href={link.href}
              target="_blank"
              rel="nofollow ugc noopener"
              className="rounded text-violet-300 underline hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-violet-400"
            >
              {link.shown}
            </a>
            {link.after}
          </span>
        );
      })}
    </p>
  );
}
