// Flags and sections in Firefox: a market flagged and put under a section by keyboard in the side panel's
// page, both still there when the page opens again (kept in storage.local only).
import { MY_WATCHLIST } from '../journeys/data';
import { byRole, byTestId } from '../journeys/driver';
import { expect, test } from './harness';

test('a market flagged and put under a section by keyboard keeps both when the page opens again', async ({
  connect,
  openPage,
}) => {
  await connect();
  const panel = await openPage('sidepanel.html');
  await panel.expectCount(byTestId('panel-row'), MY_WATCHLIST.rows);
  const [first] = await panel.attributes(byTestId('panel-row'), 'data-epic');
  const name = { css: `[data-testid="panel-row"][data-epic="${first}"] .wl-name .link` };
  const flag = { css: `[data-testid="panel-row"][data-epic="${first}"] [role="img"][aria-label="Red flag"]` };

  await (await panel.find(name)).focus();
  await panel.page.keyboard.press('f');
  await panel.expectCount(flag, 1);

  await panel.click(byRole('button', 'Sections'));
  await panel.fill(byRole('textbox', 'New section name'), 'Majors');
  await (await panel.find(byRole('button', 'Add section'))).press('Enter');
  await panel.expectCount({ css: 'tr.wl-section' }, 1);
  await (await panel.find(name)).focus();
  await panel.page.keyboard.press(']');
  await panel.expectText({ css: 'tr.wl-section th' }, 'Majors (1)');

  // Opened again (Firefox's BiDi does not follow an extension page's reload): the page reads them afresh.
  await panel.page.close();
  const again = await openPage('sidepanel.html');
  await again.expectCount(byTestId('panel-row'), MY_WATCHLIST.rows);
  await again.expectCount(flag, 1);
  await again.expectText({ css: 'tr.wl-section th' }, 'Majors (1)');
  const rowBelowSection = await again.page.$$eval('tbody tr', (trs) =>
    trs
      .map((tr) => ({ y: tr.getBoundingClientRect().top, epic: tr.getAttribute('data-epic') ?? '[section]' }))
      .sort((a, b) => a.y - b.y)
      .map((r) => r.epic),
  );
  expect(rowBelowSection.at(-1)).toBe(first);
  expect(rowBelowSection.at(-2)).toBe('[section]');
});
