// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SentimentBar } from '../../components/SentimentBar';

afterEach(cleanup);

describe('SentimentBar', () => {
  it('names the split for screen readers and sizes the two sides', () => {
    render(<SentimentBar long={72} short={28} />);
    const bar = screen.getByRole('img', { name: 'Clients 72% long, 28% short' });
    const split = (bar.querySelector('.sentiment__bar') as HTMLElement).style;
    expect([split.getPropertyValue('--long'), split.getPropertyValue('--short')]).toEqual(['72%', '28%']);
    expect(screen.getByText('72% long')).toBeTruthy();
    expect(screen.getByText('28% short')).toBeTruthy();
  });

  it('shows the change in long percentage since last time, in points', () => {
    render(<SentimentBar long={60} short={40} previousLong={55} />);
    expect(screen.getByText('+5.00 pts')).toBeTruthy();
  });

  it('has no labels in the compact form, and says when sentiment is unknown', () => {
    render(<SentimentBar long={0} short={0} compact />);
    const bar = screen.getByRole('img', { name: 'Sentiment unavailable' });
    const split = (bar.querySelector('.sentiment__bar') as HTMLElement).style;
    expect([split.getPropertyValue('--long'), split.getPropertyValue('--short')]).toEqual(['50%', '50%']);
    expect(screen.queryByText(/long/)).toBeNull();
  });
});
