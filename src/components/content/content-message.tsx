import { Link } from "react-router";
import { buttonClass, card } from "../ui";

type ContentMessageProps = { title: string; text?: string; actionLabel: string };

/** A full-page message with one way out to the home page (content missing, or failed to load). */
export function ContentMessage({ title, text, actionLabel }: ContentMessageProps) {
  return (
    <section className={`${card} mx-auto max-w-lg text-center`}>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {text ? <p className="mt-2 text-slate-400">{text}</p> : null}
      <Link to="/" className={`${buttonClass()} mt-6`}>
        {actionLabel}
      </Link>
    </section>
  );
}
