import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets two builds coexist in one checkout (for example a test run beside a dev build).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v8_middleware: true,
    // Loaders and actions get the request as it came (no two copies per loader to strip React
    // Router's own parameters): they read the normalised `url` argument instead of request.url.
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
