// Instrument facts and dealing rules, as a definition list.
import type { MarketFacts, StepRule } from '../../lib/model';

function rule(r: StepRule | null): string {
  if (!r) return '–';
  return r.unit === 'PERCENTAGE' ? `${r.value}%` : `${r.value} points`;
}

function hours(facts: MarketFacts): string {
  if (!facts.openingHours || facts.openingHours.length === 0) return 'Around the clock (or not published)';
  return facts.openingHours.map((h) => `${h.openTime}–${h.closeTime}`).join(', ');
}

export function FactsList({ facts }: { facts: MarketFacts }) {
  const d = facts.dealingRules;
  const margin =
    facts.marginFactor === null
      ? '–'
      : `${facts.marginFactor}${facts.marginFactorUnit === 'PERCENTAGE' ? '%' : ' points'}`;
  const items: [string, string][] = [
    ['Type', facts.instrumentType],
    ['Expiry', facts.expiry === '-' ? 'None (rolling)' : facts.expiry],
    ['Currency', facts.currency ?? '–'],
    ['Margin', margin],
    ['Lot size', facts.lotSize === null ? '–' : String(facts.lotSize)],
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
