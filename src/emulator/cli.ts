/**
 * `npm run emulator -- [--port N] [--seed demo|empty] [--auto-approve] [--log] [--redirect-uri URI ...]`
 * First stdout line: `emulator listening on http://127.0.0.1:<port>` (other programs wait for it).
 */
import { parseArgs } from 'node:util';
import { knownScopeList } from './scopes';
import { startEmulator, type RunningEmulator } from './server';

function parseCommandLine(argv: string[]) {
  const { values } = parseArgs({
    args: argv.filter((arg) => arg !== '--'),
    options: {
      port: { type: 'string', default: '0' },
      seed: { type: 'string', default: 'demo' },
      'auto-approve': { type: 'boolean', default: false },
      'redirect-uri': { type: 'string', multiple: true },
      log: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, not ${values.port}`);
  if (values.seed !== 'demo' && values.seed !== 'empty') throw new Error(`--seed must be demo or empty, not ${values.seed}`);
  return {
    help: values.help,
    port,
    seed: values.seed,
    autoApprove: values['auto-approve'],
    demoRedirectUris: values['redirect-uri'],
    log: values.log,
  } as const;
}

function describe(emulator: RunningEmulator): string[] {
  const { url, state, demo } = emulator;
  const lines = [`ingest directory: ${url}/ingests  simulation API: ${url}/_emulator/state`];
  if (!demo) {
    lines.push('seed: empty (create clients and users with POST /_emulator/clients and /_emulator/users)');
    return lines;
  }
  const now = state.clock.now();
  // Every scope the emulator knows, not only the app's list: the printed token is for any client
  // (curl, a bot, a third-party tool), which may call endpoints Sidestage never does.
  const user = state.tokens.issueUserToken({ clientId: demo.clientId, userId: demo.broadcaster.id, scopes: knownScopeList, now });
  const app = state.tokens.issueAppToken({ clientId: demo.clientId, scopes: [], now });
  lines.push(
    `demo client: client_id=${demo.clientId} client_secret=${demo.clientSecret}`,
    `  redirect URIs: ${state.clients.get(demo.clientId)?.redirectUris.join(' ') ?? ''}`,
    `public client (device flow): client_id=${demo.publicClientId}`,
    `broadcaster: ${demo.broadcaster.login} (id ${demo.broadcaster.id})`,
    `viewers: ${demo.viewers.map((v) => `${v.login} (id ${v.id})`).join(', ')}`,
    `chat bot: ${demo.bot.login} (id ${demo.bot.id}; sign it in with user:bot user:write:chat, then send with the app token)`,
    `broadcaster user token: ${user.access.token} (refresh ${user.refresh.token}; all ${knownScopeList.length} scopes the emulator knows: ${knownScopeList.join(' ')})`,
    `app token: ${app.token}`,
    `try: curl -H "Authorization: Bearer ${user.access.token}" -H "Client-Id: ${demo.clientId}" ${url}/helix/users`,
  );
  return lines;
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCommandLine>;
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    process.stdout.write('usage: emulator [--port N] [--seed demo|empty] [--auto-approve] [--redirect-uri URI]... [--log]\n');
    return;
  }
  const emulator = await startEmulator(options);
  process.stdout.write(`emulator listening on ${emulator.url}\n`);
  process.stdout.write(`${describe(emulator).join('\n')}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${signal}: closing emulator\n`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`emulator failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
