/**
 * The header in which the HTTP layer hands better-auth the client's IP address. It is always
 * overwritten by the server (never trusted from the client), see `clientIp`.
 */
export const CLIENT_IP_HEADER = 'x-esop-client-ip';

/**
 * The client's address: the socket's peer, or — only when that peer is one of the trusted
 * proxies — the right-most address in X-Forwarded-For that is not itself a trusted proxy.
 */
export function clientIp(
  remoteAddress: string | undefined,
  forwardedFor: string | null | undefined,
  trustedProxies: readonly string[],
): string {
  const peer = normalizeIp(remoteAddress ?? '');
  if (!forwardedFor || !trustedProxies.includes(peer)) return peer || 'unknown';
  const hops = forwardedFor
    .split(',')
    .map((h) => normalizeIp(h.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  }
  return hops[0] ?? peer;
}

function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
