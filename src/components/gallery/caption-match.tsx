// A search result whose words were found only in the item's captions says so (docs/decisions/049), so a card
// with none of the words in its title or description is not a puzzle.
export function CaptionMatch() {
  return (
    <p className="flex items-center gap-1.5 text-xs text-amber-200">
      <span aria-hidden="true" className="rounded border border-amber-200/60 px-1 text-[10px] leading-4 font-bold">
        CC
      </span>
      Found in captions
    </p>
  );
}
