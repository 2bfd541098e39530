import { i18n } from '#i18n';

type Direction = 'BUY' | 'SELL';

/** Buy or sell, as two radio buttons; `label` words each side (with its price on a deal ticket). */
export function DirectionChoice({
  name,
  direction,
  onChange,
  label,
}: {
  name: string;
  direction: Direction;
  onChange: (direction: Direction) => void;
  label: (direction: Direction) => string;
}) {
  return (
    <fieldset class="deal-direction">
      <legend class="visually-hidden">{i18n.t('deal.direction')}</legend>
      {(['BUY', 'SELL'] as const).map((d) => (
        <label key={d}>
          <input type="radio" name={name} value={d} checked={direction === d} onChange={() => onChange(d)} />
          {label(d)}
        </label>
      ))}
    </fieldset>
  );
}
