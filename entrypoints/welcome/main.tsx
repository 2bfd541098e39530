// The first-run page, opened once when Marketside is installed (lib/background/browser/first-run.ts).
import '../../components/base.css';
import '../../components/options/options.css';
import '../../components/document.css';
import { render } from 'preact';
import { WelcomePage } from '../../components/welcome/WelcomePage';
import { openPageLive } from '../../lib/sidepanel/page-live';

render(<WelcomePage live={openPageLive()} />, document.getElementById('app')!);
