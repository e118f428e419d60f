/**
 * The layer rules of docs/architecture.md, checked by `npm run lint:deps`
 * (part of `npm test`). Imports only point down:
 *
 *   platform → ai → kit → features → ui → routes (and the app shell: root,
 *   entries, server/)
 *
 * Type-only imports count as imports (tsPreCompilationDeps), so a cycle
 * through a type is a cycle too.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycles between files, type-only imports included.",
      from: { path: "^(app|server)/" },
      to: { circular: true },
    },
    {
      name: "platform-is-the-floor",
      severity: "error",
      comment: "platform (config, db, mail, queue, fetcher, caches, scheduler, render) is the floor: it imports only platform.",
      from: { path: "^app/platform/" },
      to: { path: "^app/", pathNot: "^app/platform/" },
    },
    {
      name: "ai-on-platform-only",
      severity: "error",
      comment: "The AI providers are generic: they import only platform.",
      from: { path: "^app/ai/" },
      to: { path: "^app/", pathNot: "^app/(platform|ai)/" },
    },
    {
      name: "kit-below-features",
      severity: "error",
      comment: "The kit domain never imports features, routes or ui.",
      from: { path: "^app/kit/" },
      to: { path: "^app/", pathNot: "^app/(platform|ai|kit)/" },
    },
    {
      name: "features-below-ui-and-routes",
      severity: "error",
      comment: "Features never import routes or ui.",
      from: { path: "^app/features/" },
      to: { path: "^app/(routes|ui)/|^app/(root|entry\\.server|entry\\.client|routes)\\.tsx?$" },
    },
    {
      name: "feature-through-its-entry",
      severity: "error",
      comment: "A feature reaches another only through its entry (index.ts, or index.server.ts for server code).",
      from: { path: "^app/features/([^/]+)/" },
      to: { path: "^app/features/[^/]+/", pathNot: ["^app/features/$1/", "^app/features/[^/]+/index(\\.server)?\\.ts$"] },
    },
    {
      name: "ui-is-client-safe",
      severity: "error",
      comment: "ui components run in the browser: no .server module, type-only imports included.",
      from: { path: "^app/ui/" },
      to: { path: "\\.server\\.tsx?$" },
    },
    {
      name: "ui-below-routes",
      severity: "error",
      comment: "ui never imports a route module.",
      from: { path: "^app/ui/" },
      to: { path: "^app/routes/|^app/(root|routes)\\.tsx?$" },
    },
    {
      name: "only-the-runner-runs-steps",
      severity: "error",
      comment: "A step module is imported only by the runner (app/kit/runner/), which schedules the steps of a kit.",
      from: { path: "^app/", pathNot: "^app/kit/runner/" },
      to: { path: "^app/kit/.*(/|-)step\\.(server\\.)?ts$" },
    },
    {
      name: "app-below-the-server",
      severity: "error",
      comment: "The HTTP server and its boot list (server/) sit above app/: app/ never imports them.",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
    {
      name: "no-unresolvable",
      severity: "error",
      comment: "Every relative or ~/ import resolves to a file.",
      from: { path: "^(app|server)/" },
      to: { couldNotResolve: true, pathNot: "\\+types/|^virtual:", dependencyTypesNot: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-bundled", "npm-no-pkg", "npm-unknown"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
