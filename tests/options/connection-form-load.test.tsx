// @vitest-environment happy-dom
// The connection form fills itself from the stored connection once that arrives, but never over what the
// user already chose or typed in the meantime (a choice made in the form's first moments was lost).
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
  identifier: 'stored-user',
  apiKeySet: true,
  passwordSet: true,
  remember: false,
  sessionVersion: 2,
} as ConnectionView;

/** `connection.get` answers only when the test says so. */
function slowStoredConnection() {
  let answer!: () => void;
  vi.mocked(send).mockImplementation(((name: string) => {
    if (name !== 'connection.get') return Promise.resolve({ ok: false, error: { kind: 'other', message: 'x' } });
    return new Promise((resolve) => {
      answer = () => resolve({ ok: true, data: stored });
    });
  }) as never);
  return () => answer();
}

describe('the connection form while the stored connection loads', () => {
  it('keeps the environment chosen and the text typed before the stored connection arrived', async () => {
    const answer = slowStoredConnection();
    render(<ConnectionSection onChanged={() => {}} vault={null} />);
    fireEvent.click(screen.getByRole('radio', { name: /IG live/ }));
    fireEvent.input(screen.getByLabelText('API key', { exact: true }), { target: { value: 'typed-key' } });
    fireEvent.input(screen.getByLabelText('Identifier (IG username)'), { target: { value: 'typed-user' } });
    answer();
    await waitFor(() =>
      expect(screen.getByLabelText('API key', { exact: true }).getAttribute('placeholder')).toBe(
        'Saved; type again to change',
      ),
    );
    expect((screen.getByRole('radio', { name: /IG live/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('API key', { exact: true }) as HTMLInputElement).value).toBe('typed-key');
    expect((screen.getByLabelText('Identifier (IG username)') as HTMLInputElement).value).toBe('typed-user');
  });

  it('fills what the user has not touched from the stored connection', async () => {
    const answer = slowStoredConnection();
    render(<ConnectionSection onChanged={() => {}} vault={null} />);
    fireEvent.click(screen.getByRole('radio', { name: /IG live/ }));
    answer();
    await waitFor(() =>
      expect((screen.getByLabelText('Identifier (IG username)') as HTMLInputElement).value).toBe('stored-user'),
    );
    expect((screen.getByRole('radio', { name: /IG live/ }) as HTMLInputElement).checked).toBe(true);
  });
});
