import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  // Marketing
  index("routes/marketing/home.tsx"),
  route("newsletter", "routes/marketing/newsletter.tsx"),

  // Accounts
  route("signout", "routes/auth/signout.ts"),

  // Resources
  route("healthz", "routes/resources/healthz.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
