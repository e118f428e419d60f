import type { MouseEvent } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/ui/ui/button";

function goBack(event: MouseEvent<HTMLAnchorElement>) {
  // With JavaScript, go back in history; without it, this is a plain link home.
  if (window.history.length > 1) {
    event.preventDefault();
    window.history.back();
  }
}

export function NotFoundView() {
  return (
    <main className="container-page flex min-h-[70vh] flex-col items-center justify-center pt-32 text-center">
      <title>Page not found | LaunchKit</title>
      <p className="bg-gradient-to-r from-brand-600 to-fuchsia-600 bg-clip-text text-7xl font-extrabold text-transparent">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Page not found</h1>
      <p className="mt-4 max-w-md text-slate-600">
        The page you're looking for doesn't exist or has moved. Let's get you back on track.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses("primary", "md")}>
          Back to home
        </Link>
        <a href="/" onClick={goBack} className={buttonClasses("secondary", "md")}>
          Go back
        </a>
      </div>
    </main>
  );
}
