/** `npm run admin -- …args` spawned as an operator runs it: `env` on top of the test's, `stdin` piped in; its exit code and output. */
import { spawn } from 'node:child_process';

const ROOT = new URL('../../..', import.meta.url).pathname;

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runAdminCli(args: string[], env: Record<string, string>, stdin = ''): Promise<AdminRun> {
  const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
