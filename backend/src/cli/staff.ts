/**
 * `npm run staff -- grant EMAIL [--by "Name"]`, `revoke EMAIL [--by "Name"]`, `list`: names or un-names a staff
 * member in the database the app uses (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR, as `npm start` would
 * start it), and records who did it (`--by`, else the operator's OS user) and when in `staff_role_changes`. The
 * running app reads the role at each request: the change counts at the member's next request, without a new sign-in.
 * Exit codes: 0 done (or nothing to do, said so), 1 no account has that e-mail, 2 usage.
 */
import { userInfo } from 'node:os';
import { withAppDatabase } from './app-database';
import { staffRolesOn, type StaffRoleAction, type StaffRolesService } from '../modules/auth';

const USAGE = [
  'usage: npm run staff -- grant EMAIL [--by "Name"]   make the account staff',
  '       npm run staff -- revoke EMAIL [--by "Name"]  make the account a patient again',
  '       npm run staff -- list                        the staff, with who named them and when',
].join('\n');

type Command = { kind: 'list' } | { kind: StaffRoleAction; email: string; by: string | undefined };

function parse(args: readonly string[]): Command | null {
  const [verb, ...rest] = args;
  if (verb === 'list') return rest.length === 0 ? { kind: 'list' } : null;
  if (verb !== 'grant' && verb !== 'revoke') return null;
  let email: string | undefined;
  let by: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--by') {
      if (by !== undefined || i + 1 >= rest.length) return null;
      by = rest[++i];
    } else if (arg.startsWith('--by=')) {
      if (by !== undefined) return null;
      by = arg.slice('--by='.length);
    } else if (arg.startsWith('-') || email !== undefined) {
      return null;
    } else {
      email = arg;
    }
  }
  return email ? { kind: verb, email, by } : null;
}

/** The operator's name when no --by is given: their OS user, if the system knows one. */
function osUserName(): string | undefined {
  try {
    return userInfo().username || undefined;
  } catch {
    return undefined;
  }
}

/** Runs the command on a service (the int-spec's seam); answers the exit code. */
export async function runStaffCommand(service: StaffRolesService, args: readonly string[], osUser = osUserName): Promise<number> {
  const command = parse(args);
  if (!command) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (command.kind === 'list') {
    const staff = await service.listStaff();
    if (staff.length === 0) process.stdout.write('No staff yet.\n');
    for (const member of staff) {
      const granted = member.grantedAt ? `named ${member.grantedAt.toISOString()} by ${member.grantedBy}` : 'named before the record began';
      process.stdout.write(`${member.email}  ${member.firstName} ${member.lastName}  ${granted}\n`);
    }
    return 0;
  }
  const by = command.by ?? osUser();
  if (by === undefined || by.trim() === '') {
    process.stderr.write('Who is making this change? Say it with --by "Name" (no OS user name is known here).\n');
    return 2;
  }
  let result;
  try {
    result = await service.change(command.email, command.kind, by);
  } catch (error) {
    if (error instanceof RangeError) {
      process.stderr.write(`--by: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (result.outcome === 'unknown-email') {
    process.stderr.write(`No account has the e-mail ${result.email}: nothing changed.\n`);
    return 1;
  }
  if (result.outcome === 'unchanged') {
    process.stdout.write(
      command.kind === 'grant'
        ? `${result.email} is already staff: nothing changed.\n`
        : `${result.email} is not staff: nothing changed.\n`,
    );
    return 0;
  }
  process.stdout.write(
    command.kind === 'grant'
      ? `${result.email} is now staff (recorded: granted by ${by.trim()}).\n`
      : `${result.email} is no longer staff (recorded: revoked by ${by.trim()}).\n`,
  );
  return 0;
}

/** Opens the app's database, runs the command, closes it; answers the exit code. `env` replaces the process environment (tests). */
export async function main(args: readonly string[], env?: Record<string, string | undefined>): Promise<number> {
  if (!parse(args)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // The record's table may be newer than the database: withAppDatabase migrates first.
  return withAppDatabase(env, (dataSource) => runStaffCommand(staffRolesOn(dataSource), args));
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`staff command failed: ${(error as Error).message}\n`);
      process.exit(1);
    },
  );
}
