import { describe, expect, it } from "vitest";
import { composeDnsProblem } from "../../scripts/lib/engine.mjs";

describe("test:compose's first step: compose service names must resolve", () => {
  const only = (...present: string[]) => (p: string) => present.includes(p);

  it("with CNI networks, needs the dnsname plugin and names its Debian package", () => {
    const problem = composeDnsProblem("cni", only("/usr/lib/cni/bridge"));
    expect(problem).toContain("CNI dnsname plugin is missing");
    expect(problem).toContain("apt-get install golang-github-containernetworking-plugin-dnsname");
    expect(composeDnsProblem("cni", only("/usr/lib/cni/dnsname"))).toBeNull();
    expect(composeDnsProblem("cni", only("/opt/cni/bin/dnsname"))).toBeNull();
  });

  it("with netavark networks, needs aardvark-dns", () => {
    expect(composeDnsProblem("netavark", only())).toContain("apt-get install aardvark-dns");
    expect(composeDnsProblem("netavark", only("/usr/lib/podman/aardvark-dns"))).toBeNull();
  });

  it("names both when the backend is unknown", () => {
    expect(composeDnsProblem("", only())).toMatch(/network backend is "".*golang-github-containernetworking-plugin-dnsname.*aardvark-dns/);
  });
});
