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

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  environments: {
    // The production server (server/app.ts) is bundled with the app's server build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter(), precompress()],
});
