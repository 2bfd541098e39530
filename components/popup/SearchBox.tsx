import type { Ref } from 'preact';
import { i18n } from '#i18n';

interface Props {
  value: string;
  inputRef: Ref<HTMLInputElement>;
  listId: string;
  expanded: boolean;
  activeId: string | null;
  busy: boolean;
  onInput: (text: string) => void;
  onKeyDown: (e: KeyboardEvent) => void;
}

/** The search box, a combobox over the market list: focus stays here while the arrows move the row. */
export function SearchBox({ value, inputRef, listId, expanded, activeId, busy, onInput, onKeyDown }: Props) {
  return (
    <div class="search" aria-busy={busy}>
      <input
        ref={inputRef}
        type="text"
        enterKeyHint="search"
        role="combobox"
        aria-label={i18n.t('popup.searchLabel')}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={expanded}
        aria-activedescendant={activeId ?? undefined}
        aria-keyshortcuts="/"
        placeholder={i18n.t('popup.searchPlaceholder')}
        autocomplete="off"
        spellcheck={false}
        maxLength={100}
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {busy && <span class="search__spinner" aria-hidden="true" />}
    </div>
  );
}
