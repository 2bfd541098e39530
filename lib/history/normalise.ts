// IG's history replies (checked by lib/api/schemas/history.ts) into Marketside's records. A row whose
// date cannot be read makes the whole reply malformed (`bad` throws): a page is cached whole or not at all.
import type { RawActivity, RawTransaction } from '../api/schemas/history';
import { parseAmount } from './amount';
import { historyInstant } from './dates';
import type { HistoryActivity, HistoryTransaction } from './types';

type Bad = (where: string) => never;

/** A level or price: a number, or a numeric string; "-", "" and junk are null. */
export function levelOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const amount = parseAmount(value);
  return amount && amount.symbol === null ? Number(amount.value) : null;
}

/** The decimal places IG wrote a level with ("1.15400" → 5); undefined for a number or no level. */
export function levelDecimalsOf(value: unknown): number | undefined {
  const amount = typeof value === 'string' ? parseAmount(value) : null;
  if (!amount || amount.symbol !== null) return undefined;
  const dot = amount.value.indexOf('.');
  return dot < 0 ? 0 : amount.value.length - dot - 1;
}

function sizeOf(value: unknown): string | null {
  const amount = parseAmount(value);
  return amount && amount.symbol === null ? amount.value : null;
}

const V1_STATUS: Record<string, string> = { ACCEPT: 'ACCEPTED', REJECT: 'REJECTED' };

export function normaliseActivity(raw: RawActivity, index: number, bad: Bad): HistoryActivity {
  const at = historyInstant(raw.date, raw.time) ?? bad(`activities[${index}].date`);
  const d = raw.details;
  const status = raw.status ?? (raw.actionStatus ? (V1_STATUS[raw.actionStatus] ?? raw.actionStatus) : 'UNKNOWN');
  const signedSize = sizeOf(d?.size ?? raw.size);
  const direction = d?.direction ?? (signedSize === null ? null : signedSize.startsWith('-') ? 'SELL' : 'BUY');
  return {
    at,
    dealId: raw.dealId ?? null,
    epic: raw.epic ?? null,
    marketName: d?.marketName ?? raw.marketName ?? null,
    period: raw.period ?? null,
    channel: raw.channel ?? null,
    type: raw.type ?? raw.activity ?? 'UNKNOWN',
    status,
    description: raw.description ?? raw.result ?? '',
    dealReference: d?.dealReference ?? null,
    direction,
    size: signedSize === null ? null : signedSize.replace(/^-/, ''),
    level: levelOf(d?.level ?? raw.level),
    stopLevel: levelOf(d?.stopLevel),
    limitLevel: levelOf(d?.limitLevel),
    currency: d?.currency ?? raw.currency ?? null,
    actions: (d?.actions ?? []).map((a) => ({ type: a.actionType ?? 'UNKNOWN', dealId: a.affectedDealId ?? null })),
  };
}

export function normaliseTransaction(raw: RawTransaction, index: number, bad: Bad): HistoryTransaction {
  const at = historyInstant(raw.dateUtc) ?? historyInstant(raw.date) ?? bad(`transactions[${index}].date`);
  const pnl = raw.profitAndLoss === undefined || raw.profitAndLoss === null ? null : parseAmount(raw.profitAndLoss);
  if (raw.profitAndLoss !== undefined && raw.profitAndLoss !== null && raw.profitAndLoss !== '-' && pnl === null)
    bad(`transactions[${index}].profitAndLoss`);
  const openDecimals = levelDecimalsOf(raw.openLevel);
  const closeDecimals = levelDecimalsOf(raw.closeLevel);
  return {
    at,
    openedAt: historyInstant(raw.openDateUtc),
    instrumentName: raw.instrumentName ?? '',
    period: raw.period ?? null,
    type: raw.transactionType ?? 'UNKNOWN',
    reference: raw.reference ?? null,
    openLevel: levelOf(raw.openLevel),
    closeLevel: levelOf(raw.closeLevel),
    ...(openDecimals === undefined ? {} : { openDecimals }),
    ...(closeDecimals === undefined ? {} : { closeDecimals }),
    size: sizeOf(raw.size),
    pnl,
    currency: raw.currency ?? null,
    cash: raw.cashTransaction === true,
  };
}
