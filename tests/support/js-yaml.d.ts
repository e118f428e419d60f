// js-yaml comes with eslint (a dev dependency) without its own types; the tests only parse.
declare module "js-yaml" {
  export function load(text: string): unknown;
}
