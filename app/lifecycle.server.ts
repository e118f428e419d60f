/**
 * Start-up and shutdown work registered by feature modules (for example the
 * generation jobs), so server/app.ts needs no knowledge of them.
 */
type Hook = () => void | Promise<void>;

const startupHooks = new Map<string, Hook>();
const shutdownHooks = new Map<string, Hook>();

export function onStartup(name: string, hook: Hook) {
  startupHooks.set(name, hook);
}

export function onShutdown(name: string, hook: Hook) {
  shutdownHooks.set(name, hook);
}

export async function runStartupHooks() {
  for (const hook of startupHooks.values()) await hook();
}

export async function runShutdownHooks() {
  for (const hook of shutdownHooks.values()) await hook();
}
