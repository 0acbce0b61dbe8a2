import { Link } from "react-router";
import { buttonClass } from "../components/ui";

function NotFoundPage() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-400">There is nothing at this address.</p>
      <Link to="/" className={`${buttonClass()} mt-6`}>
        Go home
      </Link>
    </section>
  );
}

export { NotFoundPage as Component };
