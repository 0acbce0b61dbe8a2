import type { CreatorPageJson } from "../../../common/schemas/users";

/**
 * A creator's links, each shown by its host and opening in a new tab (docs/decisions/091). `nofollow ugc`: they
 * are the member's, not Reelpay's endorsement; `noopener`: the opened page cannot reach back into this one.
 */
export function CreatorLinks({ links }: { links: CreatorPageJson["links"] }) {
  if (links.length === 0) return null;
  return (
    <ul aria-label="Links" className="flex flex-wrap gap-2">
      {links.map((link) => (
        <li key={link.url} className="max-w-full min-w-0">
          <a
            href={link.url}
            target="_blank"
            rel="nofollow ugc noopener"
            title={link.url}
            className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-slate-800 px-3 py-1 text-sm text-violet-200 hover:bg-slate-700 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5 shrink-0 fill-current">
              <path d="M11 3h6v6h-2V6.41l-6.29 6.3-1.42-1.42L13.59 5H11V3ZM5 5h4v2H5v8h8v-4h2v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />
            </svg>
            <span className="min-w-0 wrap-anywhere">{link.host}</span>
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
