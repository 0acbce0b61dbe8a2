import { useId } from "react";
import { card } from "./ui";

type ComingSoonProps = {
  title: string;
  /** What will live here, in the user's words, e.g. "the content gallery". */
  what: string;
  /** Heading level: 1 for a whole screen, 2 for a section of one. */
  level?: 1 | 2;
};

/** Placeholder for an area that is not built yet; it says so plainly instead of looking broken. */
export function ComingSoon({ title, what, level = 1 }: ComingSoonProps) {
  const headingId = useId();
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section className={card} aria-labelledby={headingId}>
      <Heading id={headingId} className={level === 1 ? "text-2xl font-semibold" : "text-xl font-semibold"}>
        {title}
      </Heading>
      <p className="mt-2 text-slate-400">Coming soon: {what}.</p>
    </section>
  );
}
