// What Linux's /proc says about a process (the benches that read it run on Linux only).
import { readFileSync } from 'node:fs';

/**
 * A process's resident memory in KB, from /proc/<pid>/status: `peak` is VmHWM (the most it has held
 * since it started), `now` is VmRSS. NaN for a field the file lacks (an exited, unreaped process).
 */
export function residentKb(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: 'VmHWM' | 'VmRSS') => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peak: kb('VmHWM'), now: kb('VmRSS') };
}
