import { ButtonLink } from "~/components/ui/button";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "LaunchKit: describe your idea, get a launch kit in minutes" },
  {
    name: "description",
    content:
      "Describe your business idea and get a launch kit: a website-builder prompt, a logo and everything you need to ship.",
  },
];

export default function Home() {
  return (
    <main>
      <section className="relative overflow-hidden pt-36 pb-20">
        <div className="container-page text-center">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-200">
            500+ launch kits generated
          </p>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
            Describe your idea. Get a launch kit in minutes.
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-slate-600">
            LaunchKit turns a few answers about your business into a website-builder prompt and a
            logo, saved to your account and ready to ship.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/wizard" size="lg" data-wizard-trigger>
              Try free
            </ButtonLink>
            <ButtonLink to="/process" size="lg" variant="secondary">
              See how it works
            </ButtonLink>
          </div>
        </div>
      </section>
    </main>
  );
}
