// The one table of requests. Labels, methods, paths and versions are copied verbatim from
// spec/trading-service-interface.md; a test compares this table with the spec row for row.
// `igPath` is IG's own spelling of the same request where it differs (reference §0.1).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  readonly label: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly version: number;
  /** IG's own spelling where it differs from the spec's (reference §0.1); see spelling.ts. */
  readonly igPath?: string;
  /** Rows outside the spec's tables: login and refresh (the transport's), and IG's account list with its funds. */
  readonly internal?: true;
  /** IG's own rows beyond the spec (the account's history): same transport, budget and parsing rules. */
  readonly ig?: true;
}

const row = (method: HttpMethod, path: string, version: number, label: string, igPath?: string): Endpoint => ({
  label,
  method,
  path,
  version,
  ...(igPath ? { igPath } : {}),
});

export const endpoints: readonly Endpoint[] = Object.freeze([
  // Dealing
  row('GET', '/confirms/{deal_reference}', 1, 'confirmations.get'),
  row('GET', '/positions', 2, 'positions.list'),
  row('GET', '/positions/{deal_id}', 2, 'positions.get'),
  row('POST', '/positions/otc', 2, 'positions.create'),
  row('PUT', '/positions/otc/{deal_id}', 2, 'positions.amend'),
  row('DELETE', '/positions/otc', 1, 'positions.close'),
  row('GET', '/repeat-dealing-window', 1, 'repeat_dealing_window.get'),
  row('GET', '/working-orders', 2, 'working_orders.list', '/workingorders'),
  row('POST', '/working-orders/otc', 2, 'working_orders.create', '/workingorders/otc'),
  row('PUT', '/working-orders/otc/{deal_id}', 2, 'working_orders.amend', '/workingorders/otc/{deal_id}'),
  row('DELETE', '/working-orders/otc/{deal_id}', 2, 'working_orders.delete', '/workingorders/otc/{deal_id}'),
  // Markets and prices
  row('GET', '/categories', 1, 'categories.list'),
  row('GET', '/categories/{category_id}/instruments', 1, 'categories.list_instruments'),
  row('GET', '/markets', 2, 'markets.list'),
  row('GET', '/markets', 1, 'markets.search'),
  row('GET', '/markets/{epic}', 4, 'markets.get'),
  row('GET', '/prices/{epic}', 3, 'prices.list'),
  row('GET', '/prices/{epic}/{resolution}/{num_points}', 2, 'prices.list_points'),
  row('GET', '/prices/{epic}/{resolution}/{start_date}/{end_date}', 2, 'prices.list_date_range'),
  // Indicative costs and charges
  row('POST', '/indicativecostsandcharges/open', 1, 'indicative_costs.quote_open'),
  row('POST', '/indicativecostsandcharges/close', 1, 'indicative_costs.quote_close'),
  row('POST', '/indicativecostsandcharges/edit', 1, 'indicative_costs.quote_edit'),
  row('GET', '/indicativecostsandcharges/durablemedium/{quote_reference}', 1, 'indicative_costs.get_durable_medium'),
  row('GET', '/indicativecostsandcharges/history/from/{from_date}/to/{to_date}', 1, 'indicative_costs.history'),
  // Watchlists
  row('GET', '/watchlists', 1, 'watchlists.list'),
  row('POST', '/watchlists', 1, 'watchlists.create'),
  row('GET', '/watchlists/{watchlist_id}', 1, 'watchlists.get'),
  row('PUT', '/watchlists/{watchlist_id}', 1, 'watchlists.add_market'),
  row('DELETE', '/watchlists/{watchlist_id}', 1, 'watchlists.delete'),
  row('DELETE', '/watchlists/{watchlist_id}/{epic}', 1, 'watchlists.remove_market'),
  // Session
  row('GET', '/session', 1, 'session.get'),
  row('PUT', '/session', 1, 'session.switch_account'),
  row('DELETE', '/session', 1, 'session.delete'),
  row('GET', '/session/encryptionKey', 1, 'session.get_encryption_key'),
  // Client sentiment
  row('GET', '/client-sentiment', 1, 'client_sentiment.list', '/clientsentiment'),
  row('GET', '/client-sentiment/{market_id}', 1, 'client_sentiment.get', '/clientsentiment/{market_id}'),
  row(
    'GET',
    '/client-sentiment/related/{market_id}',
    1,
    'client_sentiment.related',
    '/clientsentiment/related/{market_id}',
  ),
  // Applications
  row('GET', '/operations/application', 1, 'applications.list'),
  row('PUT', '/operations/application', 1, 'applications.update'),
  row('PUT', '/operations/application/disable', 1, 'applications.disable'),
  // Internal: login and token refresh (reference §1.3, §1.4)
  { ...row('POST', '/session', 2, 'session.login_v2'), internal: true },
  { ...row('POST', '/session', 3, 'session.login_v3'), internal: true },
  { ...row('POST', '/session/refresh-token', 1, 'session.refresh_token'), internal: true },
  // Internal: the accounts and their funds (IG's GET /accounts v1; the spec lists no account read)
  { ...row('GET', '/accounts', 1, 'accounts.list'), internal: true },
  // IG's beyond the spec: the account's history (reference: stores-and-history.md, labs.ig.com)
  { ...row('GET', '/history/activity', 3, 'history.activity'), ig: true },
  { ...row('GET', '/history/transactions', 2, 'history.transactions'), ig: true },
]);

const byLabel = new Map(endpoints.map((e) => [e.label, e]));

/** The row for a label; throws for a label that is not in the table (a programming error). */
export function endpointByLabel(label: string): Endpoint {
  const found = byLabel.get(label);
  if (!found) throw new Error(`No endpoint with label ${label}`);
  return found;
}

/** The label of the workflow that composes positions.create with confirmations.get. */
export const OPEN_AND_CONFIRM_LABEL = 'positions.open_and_confirm';
