import { isOperatorRole, operatorEmailSchema, OPERATOR_ROLES, type OperatorRole } from '@sen/contract';
import { ENROLMENT_PATH, type OperatorService } from '../modules/operator/index.ts';

const USAGE = `usage: npm run admin -- create-operator --email <e-mail> --role <${OPERATOR_ROLES.join('|')}> [--name <name>]`;

/** The flags of `create-operator`, or the problem with them. */
export function parseCreateOperator(args: readonly string[]): { email: string; role: OperatorRole; name: string } | { error: string } {
  const [command, ...rest] = args;
  if (command !== 'create-operator') return { error: USAGE };
  const flags = new Map<string, string>();
  for (let index = 0; index < rest.length; index += 2) {
    const flag = rest[index];
    const value = rest[index + 1];
    if (!flag?.startsWith('--') || value === undefined) return { error: USAGE };
    flags.set(flag.slice(2), value);
  }
  const email = operatorEmailSchema.safeParse(flags.get('email') ?? '');
  if (!email.success) return { error: `not an e-mail address: ${flags.get('email') ?? '(none)'}\n${USAGE}` };
  const role = flags.get('role');
  if (!isOperatorRole(role)) return { error: `unknown role: ${role ?? '(none)'}\n${USAGE}` };
  return { email: email.data, role, name: flags.get('name')?.trim() || email.data.split('@')[0]! };
}

/**
 * `create-operator`: invites an operator (the first admin of a deployment, or anyone) and prints
 * the one-time enrolment link (72 h): they choose a password and enrol TOTP there (decision 089).
 * Run again for someone who has not signed in yet, it prints a new link (the old one ends).
 */
export async function runAdminCommand(args: readonly string[], operators: OperatorService, baseUrl: string, print: (line: string) => void): Promise<number> {
  const parsed = parseCreateOperator(args);
  if ('error' in parsed) {
    print(parsed.error);
    return 2;
  }
  const invited = await operators.inviteFromCommandLine(parsed);
  print(`Operator ${invited.operator.email} (${invited.operator.role}) invited.`);
  print(`One-time enrolment link, valid until ${invited.expiresAt.toISOString()}:`);
  print(`${baseUrl}${ENROLMENT_PATH}?token=${invited.token}`);
  return 0;
}
