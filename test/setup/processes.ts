import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";

/**
 * Process-group helpers for tests that spawn commands: every such test file starts its
 * commands with `spawnGroup` (each in a process group of its own) and calls
 * `stopSpawnedGroups` in `afterAll`, which vitest runs even after a failed or timed-out test
 * (a `finally` in a timed-out test never runs), so nothing a test started (npm, node, java)
 * outlives the file.
 */

const spawned = new Set<number>();

/** `spawn` in a new process group (as a terminal's job control would), remembered for clean-up. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid !== undefined) spawned.add(child.pid);
  return child;
}

/** For `afterAll`: stops every group `spawnGroup` started in this file, whatever its state. */
export async function stopSpawnedGroups(): Promise<void> {
  const groups = [...spawned];
  spawned.clear();
  await Promise.all(groups.map((pgid) => stopGroup(pgid)));
}

export interface GroupMember {
  pid: number;
  ppid: number;
  args: string;
}

/** Linux's /proc; elsewhere the helpers fall back to `kill(-pgid, 0)`. */
export const HAS_PROC = existsSync("/proc/self/stat");

/** The live (not zombie) processes of a process group, read from /proc. */
export function groupMembers(pgid: number): GroupMember[] {
  const members: GroupMember[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name, which is in parentheses and may contain anything.
      const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) !== pgid || state === "Z" || state === "X") continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      members.push({ pid: Number(entry), ppid: Number(ppid), args });
    } catch {
      // The process ended while being read.
    }
  }
  return members;
}

export function groupAlive(pgid: number): boolean {
  if (HAS_PROC) return groupMembers(pgid).length > 0;
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `done` every 100 ms; false if it is still not true after `timeoutMs`. */
export async function waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Ends a process group whatever state it is in: SIGTERM, then SIGKILL after `graceMs`, and
 * waits until no member is left. Throws (naming the survivors) only if SIGKILL did not work.
 */
export async function stopGroup(pgid: number | undefined, graceMs = 10_000): Promise<void> {
  if (pgid === undefined) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pgid, name);
    } catch {
      // Already gone.
    }
  };
  if (!groupAlive(pgid)) return;
  signal("SIGTERM");
  if (await waitFor(() => !groupAlive(pgid), graceMs)) return;
  signal("SIGKILL");
  if (await waitFor(() => !groupAlive(pgid), 30_000)) return;
  const left = HAS_PROC ? groupMembers(pgid).map((m) => `${m.pid} ${m.args}`) : ["(unknown)"];
  throw new Error(`process group ${pgid} survived SIGKILL:\n${left.join("\n")}`);
}

/** Whether a TCP connection to 127.0.0.1:port is refused (nothing listens there). */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}
