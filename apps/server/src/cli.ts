import { ConfigError, loadConfig } from './config.ts';
import { StartupError } from './lib/startup-checks.ts';
import { createRuntime } from './runtime.ts';

const usage = `Usage: npm run admin -- <command>
  grant <email>    make the user an administrator (creates the account and its shop if needed)
  revoke <email>   take administrator rights away
  list             list administrators
Uses the same settings as the server (DATA_DIR, DATABASE_URL, ...).`;

async function run(args: string[]): Promise<number> {
  const [command, rawEmail] = args;
  const email = rawEmail?.trim().toLowerCase();
  if (!command || !['grant', 'revoke', 'list'].includes(command) || (command !== 'list' && !email)) {
    console.error(usage);
    return 2;
  }
  // An administrative command renders nothing and sweeps nothing: the runtime is never started.
  const runtime = await createRuntime({ config: loadConfig(), logger: false, renderJobs: 'none' });
  try {
    const { users, shops } = runtime.services;
    if (command === 'list') {
      const admins = await users.listAdmins();
      console.log(admins.length ? admins.map((u) => u.email).join('\n') : '(no administrators)');
      return 0;
    }
    let user = await users.findByEmail(email ?? '');
    if (!user && command === 'grant') {
      await shops.createShop({ email: email ?? '', name: (email ?? '').split('@')[0] ?? '' });
      user = await users.findByEmail(email ?? '');
    }
    if (!user) {
      console.error(`No user with the e-mail ${email}.`);
      return 1;
    }
    await shops.setAdmin(user.uid, command === 'grant', { uid: null, via: 'cli' });
    console.log(`${email} is ${command === 'grant' ? 'now' : 'no longer'} an administrator.`);
    return 0;
  } finally {
    await runtime.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exitCode = 1;
}
