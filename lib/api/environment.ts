export type Environment = 'live' | 'demo' | 'custom';

/** IG live, IG demo, or any other gateway (the simulated service, a proxy). */
export function environmentOf(baseUrl: string): Environment {
  let host = '';
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return 'custom';
  }
  if (host === 'api.ig.com') return 'live';
  if (host === 'demo-api.ig.com') return 'demo';
  return 'custom';
}
