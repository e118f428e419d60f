import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".scratch/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "no-empty-pattern": "off",
    },
  },
  // Every setting is read and validated in the config module: a bad value
  // stops the server naming the variable, instead of a default chosen far away.
  {
    files: ["app/**", "server/**"],
    ignores: ["app/platform/config.server.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read settings through the config module (app/platform/config.server.ts)." }],
    },
  },
  // A module a newcomer can read in one sitting; word lists and taxonomies
  // live in data files, the two database schemas are one table each.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.data.ts", "app/platform/db/schema.sqlite.ts", "app/platform/db/schema.pg.ts"],
    rules: { "max-lines": ["error", { max: 600 }] },
  },
  // CommonJS configuration files (dependency-cruiser's).
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs", globals: globals.node } },
  // Playwright fixtures call `use`, which is not React's hook.
  { files: ["tests/e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  // Tests poke at JSON metadata freely.
  { files: ["tests/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
);
