import { text } from 'node:stream/consumers';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createAdminFromCommandLine, resetPasswordFromCommandLine } from '../modules/identity';
import { HttpError } from '../platform/http/errors';
import { RuleError } from '../platform/rule-error';
import { openInfrastructure } from '../platform/runtime';

// `npm run admin -- create <username>` | `npm run admin -- reset-password <username>`: the way back
// in when every administrator is lost or locked out. The password is typed at a prompt that does
// not show it (a terminal) or read from the first line of standard input (a pipe), never taken from
// the command line, which shell histories and process lists keep. Both run as `system` from the
// command line (the events' metadata says so; the audit trail shows "System (command line)"); a
// reset ends the admin's sessions, as any password change does (src/modules/identity/recovery.ts).
// The store need not be running: its read models catch up when it runs.

const usage =
  'usage: npm run admin -- create <username> | reset-password <username>\n' +
  '  the password is asked for (a terminal) or read from the first line of stdin, never from the command line';

const [command, username, ...extra] = process.argv.slice(2);
if ((command !== 'create' && command !== 'reset-password') || !username || extra.length) {
  console.error(usage);
  process.exit(2);
}

class PasswordEntryError extends Error {}

try {
  const password = await readPassword();
  const infra = await openInfrastructure(loadConfig(), createLogger({ LOG_LEVEL: 'warn' }));
  try {
    if (command === 'create') {
      await createAdminFromCommandLine(infra.store, username, password);
      console.log(`Administrator "${username}" created: sign in at /admin/login.`);
    } else {
      await resetPasswordFromCommandLine(infra.store, username, password);
      console.log(`Password of "${username}" reset: their sessions have ended.`);
    }
  } finally {
    await infra.close();
  }
} catch (error) {
  // A refusal (a short password, a taken or unknown username): its message, nothing changed.
  if (!(error instanceof HttpError || error instanceof RuleError || error instanceof PasswordEntryError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
}

/** At a terminal: typed twice, unseen. Otherwise the first line of stdin. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
  const password = await promptHidden('Password: ');
  if ((await promptHidden('Password again: ')) !== password)
    throw new PasswordEntryError('The two passwords differ; nothing was changed.');
  return password;
}

/** Reads a line from the terminal without echoing it (raw mode); Ctrl-C gives up. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (result: () => void) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
      result();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish(() => resolve(typed));
        if (char === '\u0003') return finish(() => reject(new PasswordEntryError('Cancelled; nothing was changed.')));
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    };
    input.on('data', onData);
  });
}
