/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 and a free port, keeping every
 * message it receives: tests point SMTP_URL at it and read the mails the vf server sent.
 * `startSmtpSink(t)` closes with the test; `openSmtpSink()` is closed by its caller (an e2e
 * file's `after` hook, a bench).
 */
import type { TestContext } from 'node:test';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses. */
  to: string[];
  subject: string;
  /** The text/plain part, transfer encoding undone. */
  text: string;
  /** The top-level header lines, names in lower case, folded lines unfolded. */
  headers: Record<string, string>;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the `n`th mail (1-based) once it has arrived; rejects if it has not within 15 s. */
  nth(n: number): Promise<ReceivedMail>;
  /** While true, every mail is refused with a 451 (a server asking to try later). */
  refusing: boolean;
  /** Called as each mail arrives, after it is kept (a bench times arrivals with it). */
  onMail?: (mail: ReceivedMail) => void;
}

/** A sink its caller closes. */
export interface ClosableSmtpSink extends SmtpSink {
  close(): Promise<void>;
}

/** `port`: listen there (a test that first finds nothing listening on it); default a free one. */
export async function startSmtpSink(t: TestContext, options: { port?: number } = {}): Promise<SmtpSink> {
  const sink = await openSmtpSink(options);
  t.after(() => sink.close());
  return sink;
}

/** The sink, listening until `close()`. */
export async function openSmtpSink({ port: chosenPort = 0 }: { port?: number } = {}): Promise<ClosableSmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiting: { n: number; resolve(mail: ReceivedMail): void }[] = [];
  /** A mail that never comes fails its test instead of hanging the whole run. */
  const arrival = (n: number) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`mail #${n} did not arrive within 15 s (${mails.length} arrived)`)), 15_000);
      waiting.push({ n, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
    });
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // The mailer keeps its pooled connections open: closing does not wait the default 30 s for them.
    closeTimeout: 100,
    onMailFrom(_address, _session, callback) {
      if (!sink.refusing) return callback();
      callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address));
        mails.push(mail);
        sink.onMail?.(mail);
        for (const w of waiting.filter((w) => w.n <= mails.length)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(mails[w.n - 1]!);
        }
        callback();
      });
    },
  });
  // A client killed with its connection open (a test's kill -9) resets it: a mail server carries on.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(chosenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const sink: ClosableSmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nth: (n) => (mails.length >= n ? Promise.resolve(mails[n - 1]!) : arrival(n)),
    refusing: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}

/** Just enough MIME for the mails vf sends: the Subject header and the text/plain part. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const named = Object.fromEntries(headers.split(/\r?\n/).flatMap((line) => {
    const colon = line.indexOf(':');
    return colon > 0 ? [[line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]] : [];
  }));
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const body = rest.join('\n\n');
  const parts = boundary ? body.split(`--${boundary}`) : [`${head}\n\n${body}`];
  const textPart = parts.find((part) => /Content-Type: text\/plain/i.test(part)) ?? '';
  const [partHead = '', ...partBody] = textPart.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(partHead)?.[1]?.toLowerCase();
  const encoded = partBody.join('\n\n').trim();
  return { to, subject, text: decode(encoded, encoding), headers: named };
}

function decode(text: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(text, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return text;
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
