import { i18n } from '#i18n';
/** A dealing form's footer: the primary action (a submit button unless `onConfirm` is given) and a way out. */
export function FormButtons({
  label,
  disabled,
  onConfirm,
  onCancel,
  cancelLabel = i18n.t('common.cancel'),
}: {
  label: string;
  disabled: boolean;
  onConfirm?: () => void;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  return (
    <div class="deal-actions">
      <button type={onConfirm ? 'button' : 'submit'} class="primary" onClick={onConfirm} disabled={disabled}>
        {label}
      </button>
      <button type="button" onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}
