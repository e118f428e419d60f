import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "LaunchKit";

/**
 * Title, description and OpenGraph tags of a public page. Every page passes
 * its own title and description, so each one is unique.
 */
export function seo({
  title,
  description,
  type = "website",
}: {
  title: string;
  description: string;
  type?: "website" | "article";
}): MetaDescriptor[] {
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: SITE_NAME },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
}
