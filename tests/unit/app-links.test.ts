import { describe, expect, it } from "vitest";
import { isCurrent } from "~/ui/layout/app-links";

// The same answers as NavLink's own matching (react-router's NavLink: case-insensitive, `end`).
describe("isCurrent (the navbar's aria-current)", () => {
  it.each([
    ["/pricing", "/pricing", false, true],
    ["/Pricing", "/pricing", false, true],
    ["/dashboard/kits/1", "/dashboard", false, true],
    ["/dashboardx", "/dashboard", false, false],
    ["/dashboard/kits/1", "/dashboard", true, false],
    ["/", "/", true, true],
    ["/pricing", "/", true, false],
    ["/admin/users", "/admin", false, true],
    ["/account", "/admin", false, false],
  ])("%s against %s (end: %s) is %s", (pathname, to, end, expected) => {
    expect(isCurrent(pathname, to, end)).toBe(expected);
  });
});
