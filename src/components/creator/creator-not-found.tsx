import { Link } from "react-router";
import { buttonClass, card } from "../ui";

/** Shown when a creator page cannot be loaded (an unknown creator is sent home instead, docs/product-spec.md §2). */
export function CreatorNotFound() {
  return (
    <section className={`${card} mx-auto max-w-lg text-center`}>
      <h1 className="text-2xl font-semibold">Creator Not Found</h1>
      <p className="mt-2 text-slate-400">We couldn't load this creator's page.</p>
      <Link to="/" className={`${buttonClass()} mt-6`}>
        Go Home
      </Link>
    </section>
  );
}
