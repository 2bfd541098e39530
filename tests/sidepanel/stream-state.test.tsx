// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamState } from '../../components/StreamState';
import { BudgetPanel } from '../../components/sidepanel/BudgetPanel';

afterEach(cleanup);

describe('the stream state in the header and the budget view', () => {
  it('says Live, Reconnecting… or Delayed (polling) with why', () => {
    const { rerender } = render(<StreamState stream={{ mode: 'live', reason: null, savedPerMinute: 12 }} />);
    expect(screen.getByTestId('stream-state').textContent).toBe('Live');
    rerender(
      <StreamState stream={{ mode: 'reconnecting', reason: 'No prices or heartbeat for 30 s', savedPerMinute: 0 }} />,
    );
    expect(screen.getByTestId('stream-state').textContent).toBe('Reconnecting…');
    expect(screen.getByTestId('stream-state').getAttribute('title')).toBe('No prices or heartbeat for 30 s');
    rerender(
      <StreamState
        stream={{ mode: 'polling', reason: 'The streaming service is not taking connections', savedPerMinute: 0 }}
      />,
    );
    expect(screen.getByTestId('stream-state').textContent).toBe(
      'Delayed (polling): The streaming service is not taking connections',
    );
  });

  it('shows nothing when there is nothing to stream', () => {
    render(<StreamState stream={{ mode: 'off', reason: null, savedPerMinute: 0 }} />);
    expect(screen.queryByTestId('stream-state')).toBeNull();
  });

  it('the budget view shows the allowance the stream saves', () => {
    const budget = { buckets: [], historical: null, throttled: null };
    const { rerender } = render(
      <BudgetPanel id="b" budget={budget} stream={{ mode: 'live', reason: null, savedPerMinute: 12 }} />,
    );
    expect(screen.getByTestId('stream-saved').textContent).toBe('Live prices save about 12 price requests a minute.');
    rerender(<BudgetPanel id="b" budget={budget} stream={{ mode: 'polling', reason: 'x', savedPerMinute: 0 }} />);
    expect(screen.queryByTestId('stream-saved')).toBeNull();
  });
});
