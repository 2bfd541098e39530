// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { EncryptPasswordChoice } from '../../components/options/EncryptPasswordChoice';
import { loginEncryption } from '../../lib/settings/registry';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('"Encrypt my password at login"', () => {
  it('is off by default, saved as it changes, and keeps the accounts the gateway said must encrypt', async () => {
    await loginEncryption.setValue({ always: false, required: ['https://demo-api.ig.com/gateway/deal|someone'] });
    render(<EncryptPasswordChoice />);
    const box = screen.getByRole('checkbox', { name: /Encrypt my password at login/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(async () => expect((await loginEncryption.getValue()).always).toBe(true));
    expect((await loginEncryption.getValue()).required).toEqual(['https://demo-api.ig.com/gateway/deal|someone']);
    await loginEncryption.setValue({ always: false, required: [] });
    await waitFor(() => expect(box.checked).toBe(false));
  });
});
