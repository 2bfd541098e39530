// @vitest-environment happy-dom
// The settings' remembered-credentials section: change the passphrase (the current one only while locked),
// choose one for credentials remembered before the update; mismatched or weak passphrases are refused
// before sending, with the estimate (the real estimator) in words; what the protection is and is not.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VaultSection } from '../../components/options/VaultSection';
import { send, type VaultView } from '../../lib/messages/contract';

vi.mock('../../lib/messages/contract', async (original) => ({
  ...(await original<typeof import('../../lib/messages/contract')>()),
  send: vi.fn(),
}));

afterEach(cleanup);

const STRONG = 'harbour quartz sprocket ember';
const view = (state: VaultView['state']): VaultView => ({ state, triesLeft: 5, notice: null });
const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('remembered credentials in the settings', () => {
  it('changes the PIN of an unlocked vault without the current one, and empties the fields', async () => {
    const sent = vi.mocked(send).mockResolvedValue({ ok: true, data: view('unlocked') } as never);
    const changed = vi.fn();
    render(<VaultSection vault={view('unlocked')} onChanged={changed} />);
    expect(screen.queryByLabelText('Current PIN or passphrase')).toBeNull();
    type('New passphrase', STRONG);
    type('The same again', `${STRONG}!`);
    fireEvent.click(screen.getByRole('button', { name: 'Change passphrase' }));
    expect(await screen.findByText('The two passphrases do not match')).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();

    type('The same again', STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Change passphrase' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Passphrase changed.'));
    expect(sent).toHaveBeenCalledWith('vault.setPin', {
      currentPin: null,
      pin: STRONG,
      pinConfirm: STRONG,
    });
    expect((screen.getByLabelText('New passphrase') as HTMLInputElement).value).toBe('');
    expect(changed).toHaveBeenCalled();
  });

  it('refuses a weak passphrase with the reason and the time to guess it, and sends nothing', async () => {
    const sent = vi.mocked(send).mockResolvedValue({ ok: true, data: view('unlocked') } as never);
    render(<VaultSection vault={view('unlocked')} onChanged={() => {}} />);
    type('New passphrase', 'river-otter-42');
    await waitFor(() => expect(screen.getByTestId('passphrase-strength').textContent).toContain('Too easy to guess'), {
      timeout: 10_000,
    });
    type('The same again', 'river-otter-42');
    fireEvent.click(screen.getByRole('button', { name: 'Change passphrase' }));
    await waitFor(() =>
      expect(document.getElementById('vault-pin-issue')?.textContent).toMatch(
        /Too easy to guess.*would need about \d+ (days|months)/,
      ),
    );
    expect(screen.getByLabelText('New passphrase').getAttribute('aria-describedby')).toBe('vault-pin-issue');
    expect(sent).not.toHaveBeenCalled();

    type('New passphrase', STRONG);
    await waitFor(() => expect(screen.getByTestId('passphrase-strength').textContent).toContain('Strong enough'));
    expect(screen.getByTestId('passphrase-strength').textContent).toMatch(/would need .*years to guess it/);
  }, 20_000);

  it('says what the encryption protects against and what it does not', () => {
    render(<VaultSection vault={view('unlocked')} onChanged={() => {}} />);
    expect(screen.queryByTestId('vault-unchecked')).toBeNull();
    const text = screen.getByTestId('vault-protection').textContent ?? '';
    expect(text).toContain('copies your browser profile');
    expect(text).toContain('Argon2id');
    expect(text).toContain(
      'does not protect against malware running on this computer while your credentials are unlocked',
    );
  });

  it('asks for the current PIN while locked and shows why a change failed', async () => {
    vi.mocked(send).mockResolvedValue({
      ok: false,
      error: { kind: 'validation', field: 'currentPin', message: 'That PIN does not unlock. 4 tries left' },
    } as never);
    render(<VaultSection vault={view('locked')} onChanged={() => {}} />);
    expect(screen.getByTestId('vault-locked')).toBeTruthy();
    type('Current PIN or passphrase', 'old-pin-000');
    type('New passphrase', STRONG);
    type('The same again', STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Change passphrase' }));
    expect(await screen.findByText('That PIN does not unlock. 4 tries left')).toBeTruthy();
    expect(send).toHaveBeenCalledWith('vault.setPin', {
      currentPin: 'old-pin-000',
      pin: STRONG,
      pinConfirm: STRONG,
    });
    for (const input of document.querySelectorAll('input')) expect(input.type).toBe('password');
  });

  it('offers to protect credentials remembered before the update, and nothing to change when none are', () => {
    render(<VaultSection vault={view('pin-needed')} onChanged={() => {}} />);
    expect(screen.getByRole('button', { name: 'Protect with this passphrase' })).toBeTruthy();
    cleanup();
    render(<VaultSection vault={view('none')} onChanged={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks for a passphrase when the PIN was chosen before strength was checked', () => {
    render(<VaultSection vault={{ ...view('unlocked'), unchecked: true }} onChanged={() => {}} />);
    expect(screen.getByTestId('vault-unchecked').textContent).toContain('choose a passphrase below');
    expect(screen.getByLabelText('New passphrase')).toBeTruthy();
  });
});
