import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { orMiss } from '../../lib/or-miss';
import { loginEncryption } from '../../lib/settings/registry';

/** "Encrypt my password at login" (IG reference §1.6); saved as it changes. */
export function EncryptPasswordChoice() {
  const [always, setAlways] = useState(false);
  useEffect(() => {
    void orMiss(() => loginEncryption.getValue(), null).then((v) => v && setAlways(v.always));
    return loginEncryption.watch((v) => v && setAlways(v.always));
  }, []);
  const change = async (next: boolean) => {
    setAlways(next);
    const current = await loginEncryption.getValue();
    await loginEncryption.setValue({ ...current, always: next });
  };
  return (
    <label class="choice">
      <input type="checkbox" checked={always} onChange={(e) => void change(e.currentTarget.checked)} />
      {i18n.t('vault.encryptLogin')}
      <span class="muted"> {i18n.t('vault.encryptLoginNote')}</span>
    </label>
  );
}
