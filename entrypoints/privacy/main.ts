// The privacy policy, from the repository's PRIVACY.md (one text for the stores, the repo and this page).
import '../../components/base.css';
import '../../components/document.css';
import { i18n } from '#i18n';
import { plainMarkdown } from '../../lib/release/plain-markdown';
import policy from '../../PRIVACY.md?raw';

// The static <title> is English; the page's language comes from the catalogue.
document.title = i18n.t('pageTitle.privacy');

const main = document.getElementById('app')!;
for (const block of plainMarkdown(policy)) {
  const el = document.createElement(block.kind);
  if (block.kind === 'ul') {
    for (const item of block.items) el.appendChild(document.createElement('li')).textContent = item;
  } else {
    el.textContent = block.text;
  }
  main.appendChild(el);
}
