// findBy…/waitFor wait for conditions; their bound (Testing Library's default is 1 s) is for a hang, not
// a speed limit: a loaded 2-core machine can take longer than a second to render.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/preact');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
