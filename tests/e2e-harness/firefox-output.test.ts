// Which lines of Firefox's output fail a Firefox journey: the extension's errors, never Firefox's own noise.
// The lines are as Firefox ESR 153 printed them during the journeys.
import { describe, expect, it } from 'vitest';
import { extensionErrorsIn, isClosingRefusal, isExtensionError } from '../../e2e/firefox-output';

const ORIGIN = 'moz-extension://6f1c3c3e-4b8a-4f6e-9a57-2d6c1f0a7b11';

describe('isExtensionError', () => {
  it("takes the extension's console errors and uncaught errors of its pages and event page", () => {
    expect(isExtensionError('console.error: "an event page error the test did not expect"', ORIGIN)).toBe(true);
    expect(
      isExtensionError(
        'console.error: "spike error here" (new Error("boom", "moz-extension://x/options.html", 1))',
        ORIGIN,
      ),
    ).toBe(true);
    expect(isExtensionError(`JavaScript error: ${ORIGIN}/popup.html, line 3: Error: thrown in the page`, ORIGIN)).toBe(
      true,
    );
    expect(isExtensionError(`JavaScript error: ${ORIGIN}/background.js, line 1: TypeError: x is null`, ORIGIN)).toBe(
      true,
    );
  });

  it("leaves Firefox's own errors and warnings, and another add-on's", () => {
    for (const line of [
      'console.error: RSLoader: ',
      'Handler function threw an exception: TypeError: can\'t access property "id", context is null',
      'Stack: notifyNavigationFailed@chrome://remote/content/shared/NavigationManager.sys.mjs:439:7',
      'JavaScript error: resource://gre/modules/PrivateBrowsingUtils.sys.mjs, line 50: TypeError: can\'t access property "QueryInterface", aWindow.docShell is null',
      'JavaScript error: resource:///modules/backup/BackupService.sys.mjs, line 4408: NotAllowedError: PathUtils.join',
      'RenderCompositorSWGL failed mapping default framebuffer, no dt',
      '(firefox-esr:23601): libnotify-WARNING **: 02:35:13.323: Failed to connect to proxy',
      'JavaScript error: moz-extension://00000000-0000-4000-8000-000000000000/x.js, line 1: Error: not ours',
      '',
    ])
      expect(isExtensionError(line, ORIGIN), line).toBe(false);
  });

  it("leaves out Firefox's refusal of a page's call only once the journey's Firefox is closing (ci73, ci86: the popup's)", () => {
    const refusal = `JavaScript error: ${ORIGIN}/chunks/popup-C34zvF4f.js, line 2: NS_ERROR_NOT_INITIALIZED: `;
    const thrown = `JavaScript error: ${ORIGIN}/popup.html, line 3: Error: thrown in the page`;
    expect(isExtensionError(refusal, ORIGIN)).toBe(true);
    expect(isClosingRefusal(refusal)).toBe(true);
    expect(isClosingRefusal(thrown)).toBe(false);
    expect(isClosingRefusal('console.error: "NS_ERROR_NOT_INITIALIZEDX"')).toBe(false);
    const output = [refusal, 'Closing', thrown, refusal];
    // While the journey runs, the refusal is an error like any other; once Firefox closes, only other errors count.
    expect(extensionErrorsIn(output, ORIGIN, Number.POSITIVE_INFINITY)).toEqual([refusal, thrown, refusal]);
    expect(extensionErrorsIn(output, ORIGIN, 1)).toEqual([refusal, thrown]);
  });
});
