// @vitest-environment happy-dom
// Saving the connection takes a moment when the credentials are remembered (the passphrase's key is
// derived): the Save button says so and cannot be pressed again, and pressing Enter meanwhile sends nothing.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ConnectionSection } from '../../components/options/ConnectionSection';
import { type ConnectionView, send } from '../../lib/messages/contract';

vi.mock('../../lib/messages/contract', async (original) => ({
  ...(await original<typeof import('../../lib/messages/contract')>()),
  send: vi.fn(),
}));

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

const stored: ConnectionView = {
  environment: 'demo',
  baseUrl: null,
  identifier: null,
  apiKeySet: false,
  passwordSet: false,
  remember: false,
  sessionVersion: 2,
} as unknown as ConnectionView;

/** `connection.save` answers only when the test says so; the names of every message sent. */
function slowSave() {
  const sent: string[] = [];
  let answer!: () => void;
  vi.mocked(send).mockImplementation(((name: string) => {
    sent.push(name);
    if (name === 'connection.get') return Promise.resolve({ ok: true, data: stored });
    if (name !== 'connection.save') return Promise.resolve({ ok: false, error: { kind: 'other', message: 'x' } });
    return new Promise((resolve) => {
      answer = () =>
        resolve({ ok: true, data: { ...stored, identifier: 'trader', apiKeySet: true, passwordSet: true } });
    });
  }) as never);
  return { sent, answer: () => answer() };
}

describe('saving the connection', () => {
  it('says "Saving…" on a button that cannot be pressed again until the reply, then says it is saved', async () => {
    const { sent, answer } = slowSave();
    render(<ConnectionSection onChanged={() => {}} vault={null} />);
    await waitFor(() => expect(sent).toContain('connection.get'));
    fireEvent.input(screen.getByLabelText('API key', { exact: true }), { target: { value: 'a'.repeat(40) } });
    fireEvent.input(screen.getByLabelText('Identifier (IG username)'), { target: { value: 'trader' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(busy.closest('form') as HTMLFormElement);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.filter((n) => n === 'connection.save')).toHaveLength(1);

    answer();
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved for this browser session only.');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
