import { systemNow } from '../../src/server/clock';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime';

/** A mail as the test mailbox serves it (`GET /messages?to=`). */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  receivedAt: string;
}

export interface MailServer {
  smtpPort: number;
  /** Base URL of the mailbox endpoint, e.g. http://127.0.0.1:41234 */
  mailboxUrl: string;
  close(): Promise<void>;
}

function listen(server: { listen: (port: number, host: string, cb: () => void) => unknown }) {
  return new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}

/**
 * A real SMTP server (no auth, no TLS) that keeps every mail in memory, plus a tiny HTTP endpoint
 * so tests in the Playwright worker processes can read them:
 * `GET /messages?to=address` → ReceivedMail[] (oldest first), `DELETE /messages` clears.
 */
export async function startMailServer(): Promise<MailServer> {
  const mails: ReceivedMail[] = [];

  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          mails.push({
            ...parsed,
            to: [...new Set([...envelopeTo, ...parsed.to])],
            receivedAt: systemNow().toISOString(),
          });
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await listen(smtp.server);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    if (url.pathname !== '/messages') {
      res.writeHead(404).end();
      return;
    }
    if (req.method === 'DELETE') {
      mails.length = 0;
      res.writeHead(204).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const result = to ? mails.filter((m) => m.to.includes(to)) : mails;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  });
  await listen(http);
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpPort,
    mailboxUrl: `http://127.0.0.1:${httpPort}`,
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
