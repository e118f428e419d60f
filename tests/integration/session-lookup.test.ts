import { describe, expect, it } from "vitest";
import { createSession, destroySession, getUser } from "~/features/auth/session.server";
import { createUser } from "~/features/users/users.server";

const request = (cookie?: string) => new Request("http://x/dashboard", { headers: cookie ? { Cookie: cookie } : {} });

describe("session lookup (with remembered cookie signatures)", () => {
  it("finds the user of a signed cookie every time, and never for a tampered or ended one", async () => {
    const user = await createUser({ name: "S", email: "session@example.com", password: "Secret123" });
    const cookie = (await createSession(request(), user.id, false)).split(";")[0]!;
    expect((await getUser(request(cookie)))?.id).toBe(user.id);
    // The second lookup uses the remembered signature check.
    expect((await getUser(request(`theme=dark; ${cookie}`)))?.id).toBe(user.id);

    const [name, value] = cookie.split("=") as [string, string];
    const [payload, signature] = value.split(".") as [string, string];
    const tampered = `${name}=${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "AB" : "AA"}`;
    expect(await getUser(request(tampered))).toBeNull();
    expect(await getUser(request(`${name}=${payload}`))).toBeNull();

    // Signing out ends the session even though its signature was remembered.
    await destroySession(request(cookie));
    expect(await getUser(request(cookie))).toBeNull();
  });
});
