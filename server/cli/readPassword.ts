/**
 * Reads a password for a command-line tool: typed at a prompt with echo off when stdin is a
 * terminal, else the first line of stdin (so a script or a test can pipe it). Never an argument:
 * those stay in the shell history and show in `ps`.
 */
export class PasswordInputError extends Error {
  override name = 'PasswordInputError';
}

/** `confirm`: at a terminal, ask twice and refuse a mismatch (a typo would lock the account out). */
export async function readPassword(prompt: string, { confirm = false } = {}): Promise<string> {
  const stdin = process.stdin;
  stdin.setEncoding('utf8');
  if (!stdin.isTTY) {
    const line = await firstLine(stdin);
    if (line === null) throw new PasswordInputError('No password on stdin: type it at the prompt, or pipe it as the first line.');
    return line;
  }
  const password = await typed(prompt);
  if (confirm && (await typed('Repeat it: ')) !== password) throw new PasswordInputError('The two passwords differ; nothing changed.');
  return password;
}

/** The first line of a piped stdin (without its line end); null when it is empty. */
export async function firstLine(stream: NodeJS.ReadStream): Promise<string | null> {
  let text = '';
  for await (const chunk of stream) {
    text += chunk as string;
    const end = text.indexOf('\n');
    if (end >= 0) return text.slice(0, end).replace(/\r$/, '');
  }
  return text ? text.replace(/\r$/, '') : null;
}

/** One password typed at the terminal in raw mode: nothing is echoed; Backspace, Enter, Ctrl-C. */
function typed(prompt: string): Promise<string> {
  const stdin = process.stdin;
  stdin.setRawMode(true); // before the prompt: what is typed after it must never be echoed
  stdin.resume();
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let password = '';
    const finish = (error: Error | null) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(password);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(null);
        if (char === '\u0003' || (char === '\u0004' && !password)) return finish(new PasswordInputError('Cancelled; nothing changed.'));
        if (char === '\u007f' || char === '\b') password = [...password].slice(0, -1).join('');
        else if (char >= ' ') password += char;
      }
    };
    stdin.on('data', onData);
  });
}
