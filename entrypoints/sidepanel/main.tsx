import '../../components/base.css';
import '../../components/sidepanel/sidepanel.css';
import { render } from 'preact';
import { openPageLive } from '../../lib/sidepanel/page-live';
import { App } from './App';

const live = openPageLive();

render(<App live={live} />, document.getElementById('app')!);
