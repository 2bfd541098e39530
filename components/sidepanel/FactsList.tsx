// Instrument facts and dealing rules, as a definition list.
import { i18n } from '#i18n';
import { formatMarketHours, formatShare, formatSize } from '../../lib/format';
import type { MarketFacts, StepRule } from '../../lib/model';

/**
 * The zone IG's `openingHours` are written in. IG's reply names none; the simulated gateway writes them in
 * UTC, and the hours are shown in that zone, named, rather than silently as the user's own clock.
 */
export const IG_HOURS_ZONE = 'UTC';

function rule(r: StepRule | null): string {
  if (!r) return '–';
  return r.unit === 'PERCENTAGE'
    ? formatShare(r.value, 6)
    : i18n.t('facts.points', r.value, { value: formatSize(r.value) });
}

function hours(facts: MarketFacts): string {
  if (!facts.openingHours || facts.openingHours.length === 0) return i18n.t('facts.aroundTheClock');
  return formatMarketHours(facts.openingHours, IG_HOURS_ZONE);
}

export function FactsList({ facts }: { facts: MarketFacts }) {
  const d = facts.dealingRules;
  const margin =
    facts.marginFactor === null
      ? '–'
      : facts.marginFactorUnit === 'PERCENTAGE'
        ? formatShare(facts.marginFactor, 6)
        : i18n.t('facts.points', facts.marginFactor, { value: formatSize(facts.marginFactor) });
  const items: [string, string][] = [
    [i18n.t('facts.type'), facts.instrumentType],
    [i18n.t('facts.expiry'), facts.expiry === '-' ? i18n.t('facts.noExpiry') : facts.expiry],
    [i18n.t('facts.currency'), facts.currency ?? '–'],
    [i18n.t('term.margin'), margin],
    [i18n.t('facts.lotSize'), formatSize(facts.lotSize)],
    [i18n.t('facts.pipValue'), facts.valueOfOnePip ?? '–'],
    [i18n.t('facts.minDealSize'), rule(d.minDealSize)],
    [i18n.t('facts.minStopLimit'), rule(d.minNormalStopOrLimitDistance)],
    [
      i18n.t('facts.minGuaranteedStop'),
      facts.controlledRiskAllowed ? rule(d.minControlledRiskStopDistance) : i18n.t('facts.notOffered'),
    ],
    [i18n.t('facts.maxStopLimit'), rule(d.maxStopOrLimitDistance)],
    [i18n.t('facts.minStep'), rule(d.minStepDistance)],
    [i18n.t('facts.stopsLimits'), facts.stopsLimitsAllowed ? i18n.t('facts.allowed') : i18n.t('facts.notAllowed')],
    [i18n.t('facts.openingHours'), hours(facts)],
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
