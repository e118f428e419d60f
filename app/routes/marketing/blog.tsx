import { Icon, type IconName } from "~/ui/marketing/icons";
import { PageHero } from "~/ui/marketing/section";
import { NewsletterForm } from "~/ui/newsletter-form";
import { ARTICLES, BLOG_CATEGORIES, POPULAR_TOPICS, type Article, type BlogCategory } from "~/features/marketing/blog";
import { seo } from "~/features/marketing/seo";
import type { Route } from "./+types/blog";
import { refusePost } from "~/platform/http/responses.server";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Blog: launch tactics, branding and founder stories",
    description:
      "Practical guides for founders on launch tactics, branding, copywriting, research and marketing, plus stories from people who shipped.",
  });

const categoryStyle: Record<BlogCategory, { badge: string; cover: string; icon: IconName }> = {
  "Launch tactics": { badge: "bg-brand-50 text-brand-700 ring-brand-200", cover: "from-brand-600 via-violet-500 to-fuchsia-500", icon: "rocket" },
  Branding: { badge: "bg-rose-50 text-rose-700 ring-rose-200", cover: "from-rose-500 to-orange-400", icon: "palette" },
  Copywriting: { badge: "bg-amber-50 text-amber-800 ring-amber-200", cover: "from-amber-400 to-yellow-300", icon: "pen" },
  Research: { badge: "bg-emerald-50 text-emerald-700 ring-emerald-200", cover: "from-emerald-500 to-teal-400", icon: "search" },
  "Founder stories": { badge: "bg-sky-50 text-sky-700 ring-sky-200", cover: "from-sky-500 to-cyan-400", icon: "users" },
  Marketing: { badge: "bg-violet-50 text-violet-700 ring-violet-200", cover: "from-violet-600 to-brand-400", icon: "megaphone" },
};

function Cover({ article, large = false }: { article: Article; large?: boolean }) {
  const style = categoryStyle[article.category];
  return (
    <div aria-hidden="true" className={`relative overflow-hidden bg-linear-to-br ${style.cover} ${large ? "h-56 sm:h-full sm:min-h-72" : "h-36 sm:h-full sm:min-h-40"}`}>
      <div className="absolute -right-8 -top-8 h-40 w-40 rounded-full bg-white/15" />
      <div className="absolute -bottom-10 left-6 h-32 w-32 rounded-full bg-white/10" />
      <div className="absolute inset-0 flex items-center justify-center">
        <span className={`inline-flex items-center justify-center rounded-2xl bg-white/20 text-white ring-1 ring-white/40 backdrop-blur ${large ? "h-20 w-20" : "h-14 w-14"}`}>
          <Icon name={style.icon} className={large ? "h-10 w-10" : "h-7 w-7"} />
        </span>
      </div>
    </div>
  );
}

function Meta({ article }: { article: Article }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
      <span className="font-medium text-slate-800">{article.author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={article.isoDate}>{article.date}</time>
      <span aria-hidden="true">·</span>
      <span>{article.readMinutes} min read</span>
    </p>
  );
}

function CategoryBadge({ category }: { category: BlogCategory }) {
  return (
    <span className={`inline-flex self-start rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${categoryStyle[category].badge}`}>
      {category}
    </span>
  );
}

export const action = refusePost;

export default function Blog() {
  const featured = ARTICLES.find((a) => a.featured)!;
  const rest = ARTICLES.filter((a) => !a.featured);
  return (
    <main>
      <PageHero
        eyebrow="The LaunchKit blog"
        icon="book-open"
        title="Field notes for founders who ship"
        lead="Launch tactics, branding, copywriting, research, founder stories and marketing. Short, practical and tested on real launches."
      />

      <div className="container-page">
        <section aria-labelledby="featured-heading">
          <h2 id="featured-heading" className="sr-only">
            Featured article
          </h2>
          <article className="grid overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm sm:grid-cols-2">
            <Cover article={featured} large />
            <div className="flex flex-col justify-center p-8 sm:p-10">
              <div className="flex flex-wrap items-center gap-2">
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white">
                  <Icon name="star" className="h-3.5 w-3.5" /> Featured
                </span>
                <CategoryBadge category={featured.category} />
              </div>
              <h3 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 text-balance sm:text-3xl">{featured.title}</h3>
              <p className="mt-4 leading-7 text-slate-600">{featured.excerpt}</p>
              <div className="mt-6">
                <Meta article={featured} />
              </div>
            </div>
          </article>
        </section>

        <div className="mt-16 grid gap-10 lg:grid-cols-[1fr_20rem]">
          <section aria-labelledby="latest-heading">
            <h2 id="latest-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              Latest articles
            </h2>
            <ul className="mt-6 space-y-6">
              {rest.map((a) => (
                <li key={a.slug}>
                  <article className="grid overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm sm:grid-cols-[13rem_1fr]">
                    <Cover article={a} />
                    <div className="flex flex-col p-6">
                      <CategoryBadge category={a.category} />
                      <h3 className="mt-3 text-lg font-semibold leading-snug text-slate-900">{a.title}</h3>
                      <p className="mt-2 text-sm leading-6 text-slate-600">{a.excerpt}</p>
                      <div className="mt-4">
                        <Meta article={a} />
                      </div>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          </section>

          <aside aria-label="Blog sidebar" className="space-y-6 lg:pt-14">
            <section aria-labelledby="categories-heading" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="categories-heading" className="text-base font-semibold text-slate-900">
                Categories
              </h2>
              <ul className="mt-4 space-y-2">
                {BLOG_CATEGORIES.map((c) => (
                  <li key={c} className="flex items-center justify-between text-sm text-slate-700">
                    <span className="flex items-center gap-2">
                      <Icon name={categoryStyle[c].icon} className="h-4 w-4 text-slate-500" />
                      {c}
                    </span>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {ARTICLES.filter((a) => a.category === c).length}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="topics-heading" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="topics-heading" className="text-base font-semibold text-slate-900">
                Popular topics
              </h2>
              <ul className="mt-4 flex flex-wrap gap-2">
                {POPULAR_TOPICS.map((t) => (
                  <li key={t} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
                    #{t}
                  </li>
                ))}
              </ul>
            </section>
          </aside>
        </div>
      </div>

      <section aria-labelledby="blog-newsletter-heading" className="container-page pt-20">
        <div className="relative isolate grid items-center gap-8 overflow-hidden rounded-3xl bg-linear-to-br from-brand-50 via-white to-fuchsia-50 p-8 shadow-sm ring-1 ring-brand-100 sm:p-12 lg:grid-cols-2">
          <div>
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-600 text-white">
              <Icon name="mail" className="h-5 w-5" />
            </span>
            <h2 id="blog-newsletter-heading" className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              New articles in your inbox
            </h2>
            <p className="mt-2 leading-7 text-slate-600">
              One practical email, twice a month: launch checklists, teardowns of real landing pages and new templates.
              Unsubscribe with one click.
            </p>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 [&>form]:mt-0">
            <NewsletterForm idPrefix="blog" />
            <p className="mt-3 text-xs text-slate-600">No spam. We never share your email address.</p>
          </div>
        </div>
      </section>
    </main>
  );
}
