/** What stops a dealing form from being sent, read out as it changes; nothing when there is none. */
export function DealIssues({ issues, testId }: { issues: { field: string; message: string }[]; testId?: string }) {
  if (issues.length === 0) return null;
  return (
    <ul class="deal-issues" aria-live="polite" data-testid={testId}>
      {issues.map((i) => (
        <li key={i.field + i.message}>{i.message}</li>
      ))}
    </ul>
  );
}
