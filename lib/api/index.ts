/**
 * lib/api: the typed client of the trading service (pure TypeScript; runs in Node and the worker).
 *
 * - `createClient(config: ClientConfig): Client`: reads of every resource group, session operations,
 *   indicative quotes. Methods are grouped and named as in the spec (`client.markets.search(term)`,
 *   `client.repeatDealingWindow.get()`, `client.clientSentiment.related(marketId)`); each has `.label`.
 *   Login is lazy (v2 CST/X-SECURITY-TOKEN or v3 OAuth with refresh); `client.login()` forces one.
 * - Mutations cross the guard: `createGuard()` issues and revokes `Permit`s (scope, environment,
 *   account, expiry); `createDealingClient(client, permit, guard)` (positions.create/amend/close/
 *   openAndConfirm, workingOrders.create/amend/delete), `createWatchlistEditor(...)` and
 *   `createApplicationsAdmin(...)` refuse at once with `PermitRequiredError` when the permit is
 *   missing, revoked, expired, of another scope, environment or account.
 * - Ambiguous dealing outcomes throw `AmbiguousExecutionError` and record a `ReconciliationLock` in the
 *   `LockStore`; every mutation then throws `ReconciliationRequiredError` until `reconcile(client)`
 *   returns a definite answer (or the caller clears the store after the user checked the account).
 * - `RateBudget` never sends past the allowances; `state()` feeds the UI. `applications.list()` adopts
 *   the allowances of this API key.
 * - Errors: `ApiError` (errorCode, status, requestId, label) and its kinds `AuthError`, `RateLimitError`,
 *   `ValidationError` (field), `PermitRequiredError`, `AmbiguousExecutionError` (dealReference),
 *   `ReconciliationRequiredError`, `NetworkError` (offline), `TimeoutError`, `CancelledError`.
 *   Secrets never appear in messages, stacks, `JSON.stringify(error)` or logger calls.
 */

export { type Client, type ClientConfig, createClient } from './client';
export { type Endpoint, endpointByLabel, endpoints, type HttpMethod, OPEN_AND_CONFIRM_LABEL } from './endpoints';
export { type Environment, environmentOf } from './environment';
export {
  AmbiguousExecutionError,
  ApiError,
  AuthError,
  CancelledError,
  type ErrorKind,
  isApiError,
  MALFORMED_RESPONSE,
  NetworkError,
  type PermitProblem,
  PermitRequiredError,
  RateLimitError,
  ReconciliationRequiredError,
  TimeoutError,
  ValidationError,
} from './errors';
export { MARKETS_BATCH_SIZE } from './groups/markets';
export { MAX_PRICE_PAGES } from './groups/prices';
export { SENTIMENT_BATCH_SIZE } from './groups/sentiment';
export {
  createGuard,
  DEFAULT_PERMIT_TTL_MS,
  type Guard,
  type GuardOptions,
  type IssuePermitRequest,
  MAX_PERMIT_TTL_MS,
  type Permit,
  type PermitNeed,
  type PermitScope,
} from './guard';
export {
  type ApplicationsAdmin,
  createApplicationsAdmin,
  createDealingClient,
  createWatchlistEditor,
  type DealingClient,
  type DealOutcome,
  type OpenAndConfirmOptions,
  type WatchlistEditor,
} from './guarded';
export { type GrantCheck, type HostGate, HostNotGrantedError, hostGate, isIgHost } from './host-gate';
export {
  type Allowances,
  type BudgetCounts,
  type BudgetStore,
  DEMO_ALLOWANCES,
  LIVE_ALLOWANCES,
  RateBudget,
  type RateBudgetOptions,
  type RateBudgetState,
  type RequestClass,
  type WindowState,
} from './rate-budget';
export { NOT_EXECUTED_AFTER_MS, type ReconcileOptions, type ReconcileResult, reconcile } from './reconcile';
export type { Logger } from './redact';
export * from './requests';
export type { Application } from './schemas/applications';
export type { Categories, CategoryInstruments } from './schemas/categories';
export type { CloseQuote, CostsHistory, EditQuote, OpenQuote } from './schemas/costs';
export type {
  Confirmation,
  DealReferenceResponse,
  Position,
  PositionsResponse,
  RepeatDealingWindow,
  WorkingOrder,
  WorkingOrdersResponse,
} from './schemas/dealing';
export type {
  DealingRules,
  Instrument,
  MarketDetails,
  MarketList,
  MarketSearchResult,
  MarketSnapshot,
  MarketSummary,
} from './schemas/market';
export type { PriceAllowance, PricePoint, PricePointsResponse, PriceResponse } from './schemas/prices';
export type { ClientSentiment, ClientSentiments } from './schemas/sentiment';
export type { EncryptionKey, SessionDetails, SwitchAccountResponse } from './schemas/session';
export type {
  StatusResponse,
  Watchlist,
  WatchlistCreated,
  WatchlistMarkets,
  WatchlistsResponse,
} from './schemas/watchlists';
export { defaultSpelling, memorySpellingStore, type Spelling, type SpellingStore } from './spelling';
export {
  isLockedOperation,
  type LockedOperation,
  type LockStore,
  type LoginAccount,
  memoryLockStore,
  memoryTokenStore,
  type ReconciliationLock,
  type SessionInfo,
  type SessionTokens,
  type SessionTokensV2,
  type SessionTokensV3,
  type TokenStore,
} from './stores';
