import os from 'node:os';
import { isMainThread } from 'node:worker_threads';

/**
 * Lowers the CPU priority of the calling worker thread, and of it only: on Linux a thread's nice value is its own,
 * and `setpriority` with pid 0 names the calling thread. Background threads (an import's parsing) then leave the
 * cores to the threads that answer requests when the machine is busy. Does nothing on the main thread (it answers
 * requests) nor on other systems (there the call would lower the whole server); a refusal leaves the normal priority.
 */
export function lowerThreadPriority(nice = 10): void {
  if (isMainThread || os.platform() !== 'linux') return;
  try {
    os.setPriority(nice);
  } catch {
    // not allowed here: run at the normal priority
  }
}
