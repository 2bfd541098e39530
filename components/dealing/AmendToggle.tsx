import { i18n } from '#i18n';
/** The button that opens and closes a position's or an order's amend form. */
export function AmendToggle({
  label,
  open,
  disabled,
  onToggle,
}: {
  label: string;
  open: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <button type="button" aria-label={label} aria-expanded={open} disabled={disabled} onClick={onToggle}>
      {i18n.t('deal.amend')}
    </button>
  );
}
