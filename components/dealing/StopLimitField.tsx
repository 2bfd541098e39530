export interface StopLimitDraft {
  mode: 'none' | 'distance' | 'level';
  text: string;
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
  const name = kind === 'stop' ? 'Stop' : 'Limit';
  return (
    <fieldset>
      <legend>{name}</legend>
      <label>
        <span class="visually-hidden">{name} type</span>
        <select
          aria-label={`${name} type`}
          value={draft.mode}
          onChange={(e) => onChange({ ...draft, mode: e.currentTarget.value as StopLimitDraft['mode'] })}
        >
          <option value="none">None</option>
          <option value="distance">Distance (points)</option>
          <option value="level">Level</option>
        </select>
      </label>
      {draft.mode !== 'none' && (
        <label>
          <span class="visually-hidden">
            {name} {draft.mode}
          </span>
          <input
            id={`${idPrefix}-${kind}`}
            type="text"
            inputMode="decimal"
            aria-label={`${name} ${draft.mode}`}
            aria-invalid={invalid}
            value={draft.text}
            onInput={(e) => onChange({ ...draft, text: e.currentTarget.value })}
          />
        </label>
      )}
    </fieldset>
  );
}
