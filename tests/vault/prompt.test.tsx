// @vitest-environment happy-dom
// What the pages show of the remembered credentials: "Locked" with one password field that is sent
// once and emptied, and the notices that send the user to the settings.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VaultPrompt } from '../../components/VaultPrompt';
import type { Reply, send, VaultView } from '../../lib/messages/contract';
import { vaultPrompt } from '../../lib/vault/prompt';

afterEach(cleanup);

const view = (state: VaultView['state'], notice: VaultView['notice'] = null, triesLeft = 5): VaultView => ({
  state,
  notice,
  triesLeft,
});

describe('the vault prompt', () => {
  it('asks to unlock only while locked, and otherwise explains what happened', () => {
    expect(vaultPrompt(view('locked'))).toEqual({ kind: 'unlock', triesLeft: 5 });
    expect(vaultPrompt(view('unlocked'))).toBeNull();
    expect(vaultPrompt(view('none'))).toBeNull();
    expect(vaultPrompt(view('pin-needed'))).toMatchObject({ kind: 'notice', title: expect.stringContaining('PIN') });
    expect(vaultPrompt(view('none', 'locked-out'))).toMatchObject({
      level: 'error',
      text: expect.stringContaining('erased'),
    });
    expect(vaultPrompt(view('none', 'unprotected-removed'))).toMatchObject({ kind: 'notice' });
  });

  it('sends the PIN typed in a password field once, empties the field and shows why it failed', async () => {
    const calls: unknown[] = [];
    const fake = vi.fn(async (name: string, request: unknown) => {
      calls.push([name, request]);
      return {
        ok: false,
        error: { kind: 'validation', field: 'pin', message: 'That PIN does not unlock. 4 tries left' },
      };
    }) as unknown as typeof send;
    render(<VaultPrompt vault={view('locked')} send={fake} />);
    expect(screen.getByText('Locked')).toBeTruthy();
    const field = screen.getByLabelText('PIN or passphrase') as HTMLInputElement;
    expect(field.type).toBe('password');
    fireEvent.input(field, { target: { value: 'my-secret-pin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('4 tries left'));
    expect(calls).toEqual([['vault.unlock', { pin: 'my-secret-pin' }]]);
    expect(field.value).toBe('');
    expect(document.body.textContent).not.toContain('my-secret-pin');
  });

  it('refuses an empty PIN without sending', async () => {
    const fake = vi.fn(
      async () => ({ ok: true, data: view('unlocked') }) as Reply<VaultView>,
    ) as unknown as typeof send;
    render(<VaultPrompt vault={view('locked')} send={fake} />);
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Enter your PIN'));
    expect(fake).not.toHaveBeenCalled();
  });
});
