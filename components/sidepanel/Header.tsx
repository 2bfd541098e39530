// The panel's header: the account in use, the views, the rate budget on demand and the settings.
import { useState } from 'preact/hooks';
import type { StatusView } from '../../lib/messages/contract';
import { noAccountText, panelTabs } from '../../lib/sidepanel/header';
import type { SidepanelRoute, SidepanelView } from '../../lib/sidepanel/route';
import { StreamState } from '../StreamState';
import { BudgetPanel } from './BudgetPanel';

const envLabel = { demo: 'Demo', live: 'Live', custom: 'Custom' } as const;

interface Props {
  status: StatusView | null;
  view: SidepanelView;
  navigate(route: SidepanelRoute): void;
  openSettings(): void;
  showAlerts: boolean;
}

export function Header({ status, view, navigate, openSettings, showAlerts }: Props) {
  const [budgetOpen, setBudgetOpen] = useState(false);
  const account = status?.account;
  const tabs = panelTabs(showAlerts);
  return (
    <header class="panel-head">
      <h1 class="visually-hidden">Marketside</h1>
      <div class="panel-head__row">
        <div class="account" data-testid="panel-account">
          {account ? (
            <>
              <strong data-unkept>{account.accountName}</strong>{' '}
              <span class="muted" data-unkept>
                {account.accountId}
                {status?.environment && ` · ${envLabel[status.environment]}`}
              </span>
              {status?.environment === 'live' && (
                <span class="live-tag" data-unkept>
                  LIVE
                </span>
              )}
            </>
          ) : (
            <span class="muted">{noAccountText(status)}</span>
          )}
        </div>
        <StreamState stream={status?.stream} />
        {status && (
          <button
            type="button"
            data-unkept
            aria-expanded={budgetOpen}
            aria-controls="panel-budget"
            onClick={() => setBudgetOpen(!budgetOpen)}
            title="Requests used against your IG allowances"
          >
            Budget
          </button>
        )}
        <button type="button" onClick={openSettings} aria-label="Settings" title="Settings">
          ⚙
        </button>
      </div>
      {budgetOpen && status && <BudgetPanel id="panel-budget" budget={status.budget} stream={status.stream} />}
      <nav class="tabs" aria-label="Side panel views">
        {tabs.map((t) => (
          <button
            key={t.view}
            type="button"
            class={view === t.view ? 'tab tab--on' : 'tab'}
            aria-current={view === t.view ? 'page' : undefined}
            onClick={() => navigate({ view: t.view } as SidepanelRoute)}
          >
            {t.label}
          </button>
        ))}
      </nav>
    </header>
  );
}
