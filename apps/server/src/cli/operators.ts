/**
 * Creates console operators (the first admin cannot be created from the console itself):
 *
 *   npm run operators -- create <username> <admin|finance|support>
 *   npm run operators -- list
 *
 * It prints a one-time enrolment link (decision 195): the new operator opens it, receives their own
 * TOTP secret and chooses a password, so whoever ran the command never knows either. Only the
 * link's hash is stored, and it expires. It uses the same configuration as the server (the embedded database can only be opened
 * while the server is stopped).
 *
 * This is the owner's bootstrap (decision 395): an operator the CLI makes has no creator, so it is
 * an origin of its own and, once enrolled, active without a countersignature. An admin or finance
 * operator made in the console waits for an admin of another origin to countersign it, and a
 * withdrawal's two approvals must come from two origins: a team needs the CLI once per person who
 * may give an independent approval. Each run is recorded in the audit log.
 */
import { CreateOperatorInputSchema } from '@colorplay/contract';
import { runCli, withApp } from './with-app';

const USAGE = 'usage: npm run operators -- create <username> <admin|finance|support> | list';

async function main(): Promise<number> {
  const [command, username, role] = process.argv.slice(2);
  if (command !== 'list' && command !== 'create') {
    console.error(USAGE);
    return 2;
  }
  const input = command === 'create' ? CreateOperatorInputSchema.safeParse({ username, role }) : undefined;
  if (input && !input.success) {
    console.error(`${USAGE}\n${input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}`);
    return 2;
  }
  return withApp(async (app) => {
    if (command === 'list') {
      for (const o of await app.admin.listOperators()) console.log(`${o.id}  ${o.username}  ${o.role}${o.disabled ? '  (disabled)' : ''}`);
      return 0;
    }
    const invited = await app.admin.inviteOperator(input!.data!);
    console.log(
      `Operator ${invited.operator.username} (${invited.operator.role}) created.\n` +
        `  Enrolment link: <console address>${invited.enrolmentPath}\n` +
        `  Expires:        ${invited.expiresAt}\n` +
        'Send the link to the new operator alone (it works once). They open it, add their own TOTP secret to an\n' +
        'authenticator app, confirm a code and choose a password: nobody else ever sees either. The link opens once.\n' +
        'This operator is an origin of its own: the two approvals of a large withdrawal must come from operators of\n' +
        'two different origins, and operators it makes in the console need an admin of another origin to countersign\n' +
        'them (docs/admin.md).',
    );
    return 0;
  });
}

runCli(main);
