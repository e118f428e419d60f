import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { precompressDirectory } from "./server/precompress";

/** Writes .br and .gz twins of the client build's text files, served by server/static-files.ts. */
function precompress(): Plugin {
  return {
    name: "launchkit-precompress",
    apply: "build",
    closeBundle: {
      order: "post",
      handler() {
        if (this.environment?.name !== "client") return;
        const outDir = path.resolve(this.environment.config.root, this.environment.config.build.outDir);
        precompressDirectory(outDir);
      },
    },
  };
}

/**
 * zod probes `new Function("")` when it builds its first object schema, to
 * decide whether it may compile parsers. Under our CSP (no 'unsafe-eval') the
 * probe fails as intended, but the browser still reports a CSP violation (a
 * console issue Lighthouse counts against best practices). In the browser
 * bundle zod starts in its `jitless` mode, which skips the probe; the server
 * keeps the compiled parsers.
 */
function zodJitlessInBrowser(): Plugin {
  const CORE = /node_modules\/zod\/v4\/core\/core\.js$/;
  const DEFAULT = "(_a.__zod_globalConfig = {})";
  return {
    name: "launchkit-zod-jitless",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!CORE.test(id)) return;
      if (!code.includes(DEFAULT)) this.error("zod's global config moved: update zodJitlessInBrowser in vite.config.ts");
      return code.replace(DEFAULT, "(_a.__zod_globalConfig = { jitless: true })");
    },
  };
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  environments: {
    // The production server (server/app.ts) is bundled with the app's server build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter(), precompress(), zodJitlessInBrowser()],
});
