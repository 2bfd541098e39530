// @vitest-environment happy-dom
// The settings' remembered-credentials section: change the PIN (the current one only while locked),
// choose one for credentials remembered before the update; mismatched PINs are refused before sending.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VaultSection } from '../../components/options/VaultSection';
import { send, type VaultView } from '../../lib/messages/contract';

vi.mock('../../lib/messages/contract', async (original) => ({
  ...(await original<typeof import('../../lib/messages/contract')>()),
  send: vi.fn(),
}));

afterEach(cleanup);

const view = (state: VaultView['state']): VaultView => ({ state, triesLeft: 5, notice: null });
const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('remembered credentials in the settings', () => {
  it('changes the PIN of an unlocked vault without the current one, and empties the fields', async () => {
    const sent = vi.mocked(send).mockResolvedValue({ ok: true, data: view('unlocked') } as never);
    const changed = vi.fn();
    render(<VaultSection vault={view('unlocked')} onChanged={changed} />);
    expect(screen.queryByLabelText('Current PIN')).toBeNull();
    type('New PIN or passphrase', 'new-pin-123');
    type('The same again', 'new-pin-124');
    fireEvent.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText('The two PINs do not match')).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();

    type('The same again', 'new-pin-123');
    fireEvent.click(screen.getByRole('button', { name: 'Change PIN' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('PIN changed.'));
    expect(sent).toHaveBeenCalledWith('vault.setPin', {
      currentPin: null,
      pin: 'new-pin-123',
      pinConfirm: 'new-pin-123',
    });
    expect((screen.getByLabelText('New PIN or passphrase') as HTMLInputElement).value).toBe('');
    expect(changed).toHaveBeenCalled();
  });

  it('asks for the current PIN while locked and shows why a change failed', async () => {
    vi.mocked(send).mockResolvedValue({
      ok: false,
      error: { kind: 'validation', field: 'currentPin', message: 'That PIN does not unlock. 4 tries left' },
    } as never);
    render(<VaultSection vault={view('locked')} onChanged={() => {}} />);
    expect(screen.getByTestId('vault-locked')).toBeTruthy();
    type('Current PIN', 'old-pin-000');
    type('New PIN or passphrase', 'new-pin-123');
    type('The same again', 'new-pin-123');
    fireEvent.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText('That PIN does not unlock. 4 tries left')).toBeTruthy();
    expect(send).toHaveBeenCalledWith('vault.setPin', {
      currentPin: 'old-pin-000',
      pin: 'new-pin-123',
      pinConfirm: 'new-pin-123',
    });
    for (const input of document.querySelectorAll('input')) expect(input.type).toBe('password');
  });

  it('offers to protect credentials remembered before the update, and nothing to change when none are', () => {
    render(<VaultSection vault={view('pin-needed')} onChanged={() => {}} />);
    expect(screen.getByRole('button', { name: 'Protect with this PIN' })).toBeTruthy();
    cleanup();
    render(<VaultSection vault={view('none')} onChanged={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
