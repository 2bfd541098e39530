// What the journeys use, shared by the Chromium (Playwright) and Firefox (puppeteer) suites so the two
// cannot drift apart: the simulated service's seeded markets, lists and account (seed 42), and the words
// the pages show for them.

/** Markets of the simulated service. */
export const EURUSD = 'CS.D.EURUSD.CFD.IP';
export const EURUSD_MINI = 'CS.D.EURUSD.MINI.IP';
export const GBPUSD = 'CS.D.GBPUSD.CFD.IP';
export const FTSE = 'IX.D.FTSE.DAILY.IP';
/** A market priced without decimals (Carbon Emissions, 8933): its numbers have no point. */
export const NO_POINT = 'CO.D.CFI.Month2.IP';

/** The seeded watchlist the side panel opens on, and its three markets. */
export const MY_WATCHLIST = { id: '7064175', name: 'My Watchlist', rows: 3 };

/** The account a good login lands on, as the settings page names it. */
export const ACCOUNT = { id: 'SIMCFD1', connected: 'Connected: Demo-CFD (SIMCFD1, CFD)' };

/** The list a journey creates and the markets it adds (search term, name shown) and removes. */
export const NEW_LIST = {
  name: 'Panel picks',
  adds: [
    { term: 'EUR/USD', name: 'EUR/USD', epic: EURUSD },
    { term: 'GBP/USD', name: 'GBP/USD', epic: GBPUSD },
    { term: 'FTSE 100', name: 'FTSE 100', epic: FTSE },
  ],
  removes: { name: 'GBP/USD', epic: GBPUSD },
};

/** The market a journey opens from the watchlist for its detail (chart, sentiment). */
export const DETAIL = { button: 'EUR/USD Mini', epic: EURUSD_MINI };

/** Prices and texts the pages show. */
export const PRICE_FX = /\d\.\d{4}/;
export const SENTIMENT_LABEL = /^Clients \d+% long, \d+% short$/;

/** The simulated paths a deal, its quote and its confirmation use. */
export const DEALING_PATHS = /^\/(positions\/otc|working-orders\/otc|indicativecostsandcharges|confirms)/;

/** Dealing messages a page without a permit might send (a forged quote reference among them): all refused. */
const FORGED_TICKET = {
  epic: EURUSD,
  direction: 'BUY',
  size: 1,
  orderType: 'MARKET',
  level: null,
  currencyCode: 'USD',
  expiry: '-',
  stop: null,
  limit: null,
};
export const FORGED_DEALING: readonly (readonly [string, unknown])[] = [
  ['deal.quoteOpen', FORGED_TICKET],
  ['deal.open', { ticket: FORGED_TICKET, quoteReference: 'forged' }],
  ['positions.close', { dealId: 'DIAAAA1', quoteReference: 'forged' }],
  ['workingOrders.delete', { dealId: 'DIAAAA1' }],
];

/** The passphrase the journeys remember their credentials under (lib/vault): strong enough for the settings. */
export const REMEMBER_PIN = 'journey copper kettle midnight orchard';

/** IG's refusals of a login, the words the page shows for each and the next step it gives. */
export const LOGIN_REFUSALS: readonly {
  status: number;
  errorCode: string;
  title: string;
  next: RegExp;
  count?: number;
}[] = [
  {
    status: 403,
    errorCode: 'error.security.api-key-invalid',
    title: 'The API key is not valid',
    next: /My IG → Settings → API keys/,
  },
  {
    status: 401,
    errorCode: 'error.security.invalid-details',
    title: 'Wrong identifier or password',
    next: /Type them again/,
  },
  {
    status: 400,
    errorCode: 'error.public-api.failure.encryption.required',
    title: 'IG requires an encrypted password',
    next: /Tick "Encrypt my password at login"/,
    count: 2,
  },
  {
    status: 403,
    errorCode: 'error.public-api.exceeded-api-key-allowance',
    title: 'API allowance exceeded',
    next: /Wait a minute/,
  },
  {
    status: 403,
    errorCode: 'error.security.too-many-failed-attempts',
    title: 'Logins to this account are locked',
    next: /Log in on the IG website to unlock/,
  },
];

/** The simulated service's fault that makes the next login answer as IG does for `refusal`. */
export function refusalFault(refusal: (typeof LOGIN_REFUSALS)[number]) {
  return {
    method: 'POST',
    path: '^/session$',
    count: refusal.count ?? 1,
    action: { kind: 'error', status: refusal.status, errorCode: refusal.errorCode },
  } as const;
}
