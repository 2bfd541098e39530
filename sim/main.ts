import { parseDate } from './format';
import { DIALECTS, type Dialect } from './router';
import { startSim } from './server';

/**
 * `npm run sim -- --port <n> --seed <s> [--host h] [--rate-limits off] [--token-ttl-ms n] [--start <iso>|now]
 * [--dialect ig|spec|both] [--stream-keepalive-ms n]`
 */
function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        out[a.slice(2)] = next;
        i++;
      } else out[a.slice(2)] = 'true';
    }
  }
  return out;
}

function numberArg(args: Record<string, string>, name: string): number | undefined {
  const v = args[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) {
    process.stderr.write(`--${name} needs a number\n`);
    process.exit(2);
  }
  return n;
}

const args = parseArgs(process.argv.slice(2));
const start = args.start === undefined ? undefined : args.start === 'now' ? Date.now() : parseDate(args.start);
if (args.start !== undefined && start === undefined) {
  process.stderr.write('--start needs an ISO date or "now"\n');
  process.exit(2);
}
const dialect = (args.dialect ?? 'both') as Dialect;
if (!DIALECTS.includes(dialect)) {
  process.stderr.write('--dialect needs ig, spec or both\n');
  process.exit(2);
}
const sim = await startSim({
  dialect,
  port: numberArg(args, 'port') ?? 0,
  seed: numberArg(args, 'seed') ?? 1,
  ...(args.host ? { host: args.host } : {}),
  rateLimits: !['off', 'false', '0'].includes(args['rate-limits'] ?? 'on'),
  ...(numberArg(args, 'token-ttl-ms') !== undefined ? { tokenTtlMs: numberArg(args, 'token-ttl-ms') } : {}),
  ...(start !== undefined ? { startTime: start } : {}),
  ...(numberArg(args, 'stream-keepalive-ms') !== undefined
    ? { streamKeepaliveMs: numberArg(args, 'stream-keepalive-ms') }
    : {}),
});
process.stdout.write(
  `${JSON.stringify({ baseUrl: sim.baseUrl, apiKey: sim.apiKey, identifier: sim.identifier, password: sim.password, encryptedIdentifier: sim.encryptedIdentifier })}\n`,
);
const stop = () => {
  sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
