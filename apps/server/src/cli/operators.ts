/**
 * Creates console operators (the first admin cannot be created from the console itself):
 *
 *   npm run operators -- create <username> <admin|finance|support>
 *   npm run operators -- list
 *
 * It prints the one-time password and the TOTP secret with its otpauth:// URI (paste it into an
 * authenticator app, or turn it into a QR code); neither is shown again, and the secret is stored
 * sealed. It uses the same configuration as the server (the embedded database can only be opened
 * while the server is stopped).
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
    const created = await app.admin.createOperator(input!.data!);
    console.log(
      `Operator ${created.operator.username} (${created.operator.role}) created.\n` +
        `  One-time password: ${created.password}\n` +
        `  TOTP secret:       ${created.totpSecret}\n` +
        `  otpauth URI:       ${created.otpauthUri}\n` +
        'Hand these over in person; they are not shown again. The password works once: the console then asks for a new one.',
    );
    return 0;
  });
}

runCli(main);
