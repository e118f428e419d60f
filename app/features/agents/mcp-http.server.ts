import { InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import express, { type Request, type RequestHandler, type Response } from "express";
import { logError } from "~/platform/log.server";
import { RateLimiter } from "~/platform/http/rate-limit.server";
import { trustedOrigin } from "~/platform/http/site-origin.server";
import { createMcpServer, LEADS_TOOLS, WRITE_TOOLS } from "./mcp.server";
import { authenticateToken, tokenRequests, type TokenGrant } from "./tokens.server";

/**
 * /mcp: LaunchKit's MCP server over Streamable HTTP, stateless (no session:
 * each POST carries one JSON-RPC message, answered as JSON; GET and DELETE
 * are 405, as the transport allows for a server without a stream or
 * sessions). Mounted before the app's request guards (server/app.ts), it
 * has its own: POST of application/json only, up to MCP_MAX_BODY_BYTES; an
 * Origin other than LaunchKit's own is 403 (a web page cannot drive it);
 * a personal access token in `Authorization: Bearer` (requireBearerAuth:
 * 401 invalid_token when missing, unknown or revoked; never a cookie, never
 * the query); a write or leads tool without its scope is 403
 * insufficient_scope before the server runs; each token has its own rate
 * limit (429). The token never reaches a log line: the request log writes
 * the path only, and errors are logged without headers.
 */

export const MCP_PATH = "/mcp";
export const MCP_MAX_BODY_BYTES = 256 * 1024;

/** Failed sign-ins per address: guessing tokens is pointless (256 bits), but a flood still costs database reads. */
const failedPerIp = new RateLimiter({ name: "mcp-auth-failures", limit: 30, windowMs: 60 * 1000, shared: false });

function jsonRpcError(res: Response, status: number, code: number, message: string, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.status(status).json({ jsonrpc: "2.0", error: { code, message }, id: null });
}

type Authed = Request & { auth?: { extra?: { grant?: TokenGrant } } };

export function mcpEndpoint(): RequestHandler {
  const router = express.Router();
  router.use(async (req, res, next) => {
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      return jsonRpcError(res, 405, -32000, "Method not allowed: this server is stateless; send each message as a POST.");
    }
    const origin = req.headers.origin;
    if (origin && origin !== (await trustedOrigin())) return jsonRpcError(res, 403, -32000, "Forbidden: requests from web pages are not accepted.");
    if (await failedPerIp.isLimited(req.ip ?? "unknown")) return jsonRpcError(res, 429, -32000, "Too many failed attempts. Try again in a minute.", { "Retry-After": "60" });
    // Each refused token (requireBearerAuth's 401 below) counts against this address.
    res.on("finish", () => {
      if (res.statusCode === 401) void failedPerIp.hit(req.ip ?? "unknown");
    });
    const type = String(req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") return jsonRpcError(res, 415, -32000, "Unsupported request body: send JSON-RPC as application/json.");
    if (Number(req.headers["content-length"] ?? 0) > MCP_MAX_BODY_BYTES) return jsonRpcError(res, 413, -32000, "Request too large.");
    next();
  });
  // The token is checked before the body is read: an unauthenticated client never gets its body parsed.
  router.use(
    requireBearerAuth({
      verifier: {
        async verifyAccessToken(token) {
          const grant = await authenticateToken(token);
          if (!grant) throw new InvalidTokenError("The token is unknown or revoked.");
          const scopes = ["read", ...(grant.scope === "write" ? ["write"] : []), ...(grant.leads ? ["leads"] : [])];
          // Personal access tokens do not expire (they are revoked): the check holds for this request.
          return { token: "", clientId: grant.tokenId, scopes, expiresAt: Math.floor(Date.now() / 1000) + 60, extra: { grant } };
        },
      },
      requiredScopes: ["read"],
    }),
  );
  router.use(express.json({ limit: MCP_MAX_BODY_BYTES, type: "application/json" }));
  router.use(async (req: Authed, res) => {
    const grant = req.auth?.extra?.grant;
    if (!grant) return jsonRpcError(res, 401, -32000, "Unauthorized.");
    if (!(await tokenRequests.hit(grant.tokenId))) return jsonRpcError(res, 429, -32000, "Too many requests with this token. Slow down and try again in a minute.", { "Retry-After": "60" });
    // A tool the token's scopes do not cover is refused as the authorization spec says: 403 insufficient_scope.
    const messages = Array.isArray(req.body) ? req.body : [req.body];
    for (const m of messages) {
      const tool = m && typeof m === "object" && m.method === "tools/call" ? String(m.params?.name ?? "") : null;
      const missing = tool && WRITE_TOOLS.has(tool) && grant.scope !== "write" ? "write" : tool && LEADS_TOOLS.has(tool) && !grant.leads ? "leads" : null;
      if (missing) {
        return jsonRpcError(res, 403, -32000, `This token lacks the ${missing} scope for ${tool}.`, {
          "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${missing}", error_description="This token lacks the ${missing} scope"`,
        });
      }
    }
    const server = createMcpServer(grant);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      logError("mcp request failed", error, { tokenId: grant.tokenId });
      if (!res.headersSent) jsonRpcError(res, 500, -32603, "Internal error.");
    }
  });
  // express.json's errors (bad JSON, too large) as JSON-RPC errors, not HTML.
  router.use((error: { status?: number; type?: string }, _req: Request, res: Response, next: (e?: unknown) => void) => {
    if (res.headersSent) return next(error);
    if (error.type === "entity.too.large") return jsonRpcError(res, 413, -32000, "Request too large.");
    if (error.status === 400) return jsonRpcError(res, 400, -32700, "Parse error: the body is not JSON.");
    next(error);
  });
  return router;
}
