import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PASSWORD_RULE_MESSAGE, safeRedirect, SigninSchema, SignupSchema } from "~/features/auth/schemas";

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

function errors(schema: typeof SignupSchema | typeof SigninSchema, entries: Record<string, string>) {
  const s = parseWithZod(form(entries), { schema });
  return s.status === "success" ? {} : (s.error ?? {});
}

const valid = { name: "Ada", email: "ada@example.com", password: "Secret123", confirmPassword: "Secret123", acceptTerms: "on" };

describe("SignupSchema", () => {
  it("reports a mismatched confirmation together with a weak password", () => {
    expect(errors(SignupSchema, { ...valid, password: "weak", confirmPassword: "weak2" })).toMatchObject({
      password: [PASSWORD_RULE_MESSAGE],
      confirmPassword: ["Passwords do not match"],
    });
    expect(errors(SignupSchema, { ...valid, password: "weak", confirmPassword: "weak" }).confirmPassword).toBeUndefined();
  });

  it("drops control characters from the name", () => {
    const s = parseWithZod(form({ ...valid, name: "\u0001Ada\u0007 Lovelace\u001b[31m" }), { schema: SignupSchema });
    expect(s.status === "success" && s.value.name).toBe("Ada Lovelace[31m");
  });

  it("accepts a valid sign-up and trims the name", () => {
    const s = parseWithZod(form({ ...valid, name: "  Ada  " }), { schema: SignupSchema });
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value.name).toBe("Ada");
  });

  it.each([
    [{ name: "   " }, "name", "Name is required"],
    [{ email: "" }, "email", "Email is required"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ password: "short1A", confirmPassword: "short1A" }, "password", PASSWORD_RULE_MESSAGE],
    [{ password: "alllowercase1", confirmPassword: "alllowercase1" }, "password", PASSWORD_RULE_MESSAGE],
    [{ password: "ALLUPPERCASE1", confirmPassword: "ALLUPPERCASE1" }, "password", PASSWORD_RULE_MESSAGE],
    [{ password: "NoDigitsHere", confirmPassword: "NoDigitsHere" }, "password", PASSWORD_RULE_MESSAGE],
    [{ confirmPassword: "" }, "confirmPassword", "Please confirm your password"],
    [{ confirmPassword: "Secret124" }, "confirmPassword", "Passwords do not match"],
    [{ acceptTerms: "" }, "acceptTerms", "You must accept the terms and conditions"],
    [{ password: `Aa1${"x".repeat(200)}`, confirmPassword: `Aa1${"x".repeat(200)}` }, "confirmPassword", "Password must be at most 128 characters"],
  ])("rejects %o with the spec's message", (override, field, message) => {
    expect(errors(SignupSchema, { ...valid, ...override })[field]).toEqual([message]);
  });
});

describe("SigninSchema", () => {
  it.each([
    [{ email: "" }, "email", "Email is required"],
    [{ email: "a@" }, "email", "Please enter a valid email address"],
    [{ password: "" }, "password", "Password is required"],
    [{ password: "12345" }, "password", "Password must be at least 6 characters"],
  ])("rejects %o", (override, field, message) => {
    expect(errors(SigninSchema, { email: "a@b.co", password: "123456", ...override })[field]).toEqual([message]);
  });

  it("reads remember me as a boolean", () => {
    const s = parseWithZod(form({ email: "a@b.co", password: "123456", rememberMe: "on" }), { schema: SigninSchema });
    expect(s.status === "success" && s.value.rememberMe).toBe(true);
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/dashboard/kits/1?x=1", "/dashboard/kits/1?x=1"],
    ["https://evil.example", "/dashboard"],
    ["//evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    [null, "/dashboard"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
