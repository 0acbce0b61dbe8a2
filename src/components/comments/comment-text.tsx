// A comment's words (docs/decisions/093). React escapes the text, so HTML in a comment shows as typed. Web
// addresses become links only when the author's account is 7 days old or more (`clickable`): a fresh account is
// the cheapest way to post spam links, so theirs stay plain text. Links carry rel="nofollow ugc noopener" so a
// comment lends no ranking and no window handle to where it points.

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

export function CommentText({ text, clickable }: { text: string; clickable: boolean }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className="whitespace-pre-line wrap-anywhere text-slate-200">
      {parts.map((part, i) =>
        // split() with a capture group puts the addresses at the odd places.
        clickable && i % 2 === 1 ? (
          <a
            key={i}
            href={part}
            target="_blank"
            rel="nofollow ugc noopener"
            className="rounded text-violet-300 underline hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}
