/** A labelled text box for a price, level or distance (decimal keyboard on touch screens). */
export function DecimalField({
  label,
  value,
  onInput,
}: {
  label: string;
  value: string;
  onInput: (text: string) => void;
}) {
  return (
    <label>
      {label}
      <input type="text" inputMode="decimal" value={value} onInput={(e) => onInput(e.currentTarget.value)} />
    </label>
  );
}
