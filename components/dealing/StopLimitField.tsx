import { i18n } from '#i18n';

export interface StopLimitDraft {
  mode: 'none' | 'distance' | 'level';
  text: string;
}

function words(kind: 'stop' | 'limit') {
  return kind === 'stop'
    ? {
        name: i18n.t('deal.stop'),
        type: i18n.t('deal.stopType'),
        distance: i18n.t('deal.stopDistance'),
        level: i18n.t('deal.stopLevel'),
      }
    : {
        name: i18n.t('deal.limit'),
        type: i18n.t('deal.limitType'),
        distance: i18n.t('deal.limitDistance'),
        level: i18n.t('deal.limitLevel'),
      };
}

/** A stop or a limit: none, a distance in points, or a level. */
export function StopLimitField({
  kind,
  draft,
  onChange,
  invalid,
  idPrefix,
}: {
  kind: 'stop' | 'limit';
  draft: StopLimitDraft;
  onChange: (d: StopLimitDraft) => void;
  invalid: boolean;
  idPrefix: string;
}) {
  const w = words(kind);
  const field = draft.mode === 'level' ? w.level : w.distance;
  return (
    <fieldset>
      <legend>{w.name}</legend>
      <label>
        <span class="visually-hidden">{w.type}</span>
        <select
          aria-label={w.type}
          value={draft.mode}
          onChange={(e) => onChange({ ...draft, mode: e.currentTarget.value as StopLimitDraft['mode'] })}
        >
          <option value="none">{i18n.t('deal.none')}</option>
          <option value="distance">{i18n.t('deal.distancePoints')}</option>
          <option value="level">{i18n.t('deal.level')}</option>
        </select>
      </label>
      {draft.mode !== 'none' && (
        <label>
          <span class="visually-hidden">{field}</span>
          <input
            id={`${idPrefix}-${kind}`}
            type="text"
            inputMode="decimal"
            aria-label={field}
            aria-invalid={invalid}
            value={draft.text}
            onInput={(e) => onChange({ ...draft, text: e.currentTarget.value })}
          />
        </label>
      )}
    </fieldset>
  );
}
