/** A yes-or-no question for a command-line tool: asked at the terminal, or answered by the first line of a piped stdin. */
import { createInterface } from 'node:readline/promises';
import { firstLine } from './readPassword.ts';

/** True when the answer is "yes" (or "y"); anything else, an empty stdin included, is no. */
export async function confirm(prompt: string): Promise<boolean> {
  let answer: string | null;
  if (process.stdin.isTTY) {
    const terminal = createInterface({ input: process.stdin, output: process.stderr });
    try {
      answer = await terminal.question(prompt);
    } finally {
      terminal.close();
    }
  } else {
    process.stderr.write(prompt);
    process.stdin.setEncoding('utf8');
    answer = await firstLine(process.stdin);
    process.stderr.write('\n');
  }
  return /^\s*y(es)?\s*$/i.test(answer ?? '');
}
