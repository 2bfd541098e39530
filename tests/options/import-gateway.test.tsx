// @vitest-environment happy-dom
// A settings file that names another gateway, on the settings page: the user is told the connection did
// not change, and "Review" asks the browser for that host and puts it in the connection form with the
// API key and password left for the user to type again.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ConnectionView, ImportedGateway, SettingsImportView } from '../../lib/messages/contract';
import { background } from '../helpers/scripted-background';

vi.mock('../../lib/messages/contract', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  send: (await import('../helpers/scripted-background')).scriptedSend,
}));

import { ConnectionSection } from '../../components/options/ConnectionSection';
import { SettingsFileSection } from '../../components/options/SettingsFileSection';

const GATEWAY: ImportedGateway = {
  environment: 'custom',
  baseUrl: 'https://gw.elsewhere.example/gateway/deal',
  host: 'gw.elsewhere.example',
  current: 'demo-api.ig.com',
};

const view: ConnectionView = {
  environment: 'demo',
  baseUrl: null,
  apiKeySet: true,
  identifier: 'trader',
  passwordSet: true,
  remember: false,
  sessionVersion: 2,
};

function Page() {
  const [proposal, setProposal] = useState<ImportedGateway | null>(null);
  return (
    <>
      <ConnectionSection onChanged={() => {}} vault={null} proposal={proposal} />
      <SettingsFileSection onReview={setProposal} />
    </>
  );
}

beforeEach(() => {
  fakeBrowser.reset();
  background.calls.length = 0;
  const reply: SettingsImportView = { applied: ['prefs'], ignored: [], gateway: GATEWAY };
  background.handlers = {
    'connection.get': () => ({ ok: true, data: view }),
    'settings.import': () => ({ ok: true, data: reply }),
  };
});
afterEach(cleanup);

describe('importing a file that names another gateway', () => {
  it('says the connection stayed, and Review asks for the host and fills the form without the secrets', async () => {
    render(<Page />);
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /IG demo/ }) as HTMLInputElement).checked).toBe(true),
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['{}'], 'settings.json', { type: 'application/json' });
    Object.defineProperty(input, 'files', { value: [file] });
    fireEvent.change(input);

    const notice = await screen.findByTestId('options-file-gateway');
    expect(notice.textContent).toContain('This file points to gw.elsewhere.example');
    expect(notice.textContent).toContain('Your connection was not changed');
    expect(notice.textContent).toContain('stay with demo-api.ig.com');
    expect((screen.getByRole('radio', { name: /IG demo/ }) as HTMLInputElement).checked).toBe(true);
    expect(background.calls.map(([name]) => name)).not.toContain('connection.save');

    // Secrets typed for the gateway in use are not carried over to the one under review.
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'typed-for-demo' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'typed-for-demo' } });
    const request = vi.spyOn(fakeBrowser.permissions, 'request');
    fireEvent.click(screen.getByRole('button', { name: 'Review gw.elsewhere.example in Connection' }));
    expect(request).toHaveBeenCalledWith({ origins: ['https://gw.elsewhere.example/*'] });
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Custom gateway/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect((screen.getByLabelText('Base URL') as HTMLInputElement).value).toBe(GATEWAY.baseUrl);
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('Access to this gateway is granted.')).toBeTruthy();
    expect(screen.queryByTestId('options-file-gateway')).toBeNull();
    // Nothing is saved until the user types the secrets for this gateway and presses Save.
    expect(background.calls.map(([name]) => name)).not.toContain('connection.save');
  });
});
