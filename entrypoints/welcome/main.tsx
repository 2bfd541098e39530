// The first-run page, opened once when Marketside is installed (lib/background/browser/first-run.ts).
import '../../components/base.css';
import '../../components/options/options.css';
import '../../components/document.css';
import { render } from 'preact';
import { i18n } from '#i18n';
import { WelcomePage } from '../../components/welcome/WelcomePage';
import { quietRefusedStorage } from '../../lib/or-miss';
import { openPageLive } from '../../lib/sidepanel/page-live';

// The static <title> is English; the page's language comes from the catalogue.
document.title = i18n.t('welcome.title');
quietRefusedStorage(window);
render(<WelcomePage live={openPageLive()} />, document.getElementById('app')!);
