/**
 * Start-up and shutdown work registered by feature modules (for example the
 * generation jobs), so server/app.ts needs no knowledge of them.
 */
type Hook = () => void | Promise<void>;

const startupHooks = new Map<string, Hook>();
const shutdownHooks = new Map<string, Hook>();
const drainedHooks = new Map<string, Hook>();

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

/**
 * Work for the very end of a graceful stop: after the last request was
 * answered, just before the database closes (the analytics counts those
 * last requests gathered, say). Shutdown hooks run while requests drain.
 */
export function onDrained(name: string, hook: Hook) {
  drainedHooks.set(name, hook);
}

export async function runDrainedHooks() {
  for (const hook of drainedHooks.values()) await hook();
}
