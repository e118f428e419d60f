/**
 * Start-up and shutdown work registered by feature modules (for example the
 * generation jobs), so server/app.ts needs no knowledge of them.
 */
type Hook = () => void | Promise<void>;

const startupHooks = new Map<string, Hook>();
const shutdownHooks = new Map<string, () => void>();

export function onStartup(name: string, hook: Hook) {
  startupHooks.set(name, hook);
}

export function onShutdown(name: string, hook: () => void) {
  shutdownHooks.set(name, hook);
}

export async function runStartupHooks() {
  for (const hook of startupHooks.values()) await hook();
}

export function runShutdownHooks() {
  for (const hook of shutdownHooks.values()) hook();
}
