// Instrument facts and dealing rules, as a definition list.
import { formatMarketHours, formatShare, formatSize } from '../../lib/format';
import type { MarketFacts, StepRule } from '../../lib/model';

/**
 * The zone IG's `openingHours` are written in. IG's reply names none; the simulated gateway writes them in
 * UTC, and the hours are shown in that zone, named, rather than silently as the user's own clock.
 */
export const IG_HOURS_ZONE = 'UTC';

function rule(r: StepRule | null): string {
  if (!r) return '–';
  return r.unit === 'PERCENTAGE' ? formatShare(r.value, 6) : `${formatSize(r.value)} points`;
}

function hours(facts: MarketFacts): string {
  if (!facts.openingHours || facts.openingHours.length === 0) return 'Around the clock (or not published)';
  return formatMarketHours(facts.openingHours, IG_HOURS_ZONE);
}

export function FactsList({ facts }: { facts: MarketFacts }) {
  const d = facts.dealingRules;
  const margin =
    facts.marginFactor === null
      ? '–'
      : facts.marginFactorUnit === 'PERCENTAGE'
        ? formatShare(facts.marginFactor, 6)
        : `${formatSize(facts.marginFactor)} points`;
  const items: [string, string][] = [
    ['Type', facts.instrumentType],
    ['Expiry', facts.expiry === '-' ? 'None (rolling)' : facts.expiry],
    ['Currency', facts.currency ?? '–'],
    ['Margin', margin],
    ['Lot size', formatSize(facts.lotSize)],
    ['Value of one pip', facts.valueOfOnePip ?? '–'],
    ['Minimum deal size', rule(d.minDealSize)],
    ['Minimum stop or limit distance', rule(d.minNormalStopOrLimitDistance)],
    [
      'Minimum guaranteed stop distance',
      facts.controlledRiskAllowed ? rule(d.minControlledRiskStopDistance) : 'Not offered',
    ],
    ['Maximum stop or limit distance', rule(d.maxStopOrLimitDistance)],
    ['Minimum step', rule(d.minStepDistance)],
    ['Stops and limits', facts.stopsLimitsAllowed ? 'Allowed' : 'Not allowed'],
    ['Opening hours', hours(facts)],
  ];
  return (
    <dl class="facts">
      {items.map(([term, value]) => (
        <div key={term} class="facts__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
