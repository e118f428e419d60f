/**
 * The shell's summary of a kit, as a type the client-safe workspace
 * components can import (the summary is read in workspace.server.ts).
 */
export type { WorkspaceSummary } from "./workspace.server";
