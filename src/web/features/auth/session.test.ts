import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The session is read without better-auth's client (it stays out of the initial JS), so the
 * reader must give what `authClient.getSession()` gives for the same answers: both run here
 * against the same faked server.
 */

interface Seen {
  url: string;
  method: string;
  credentials: string | undefined;
}

function fakeServer(answer: () => Response) {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    seen.push({
      url: request ? request.url : String(input),
      method: init?.method ?? request?.method ?? 'GET',
      credentials: init?.credentials ?? request?.credentials,
    });
    return answer();
  });
  return seen;
}

async function load(apiUrl?: string) {
  vi.resetModules();
  vi.stubGlobal('window', { location: { origin: 'https://crm.example' } });
  if (apiUrl) vi.stubEnv('VITE_API_URL', apiUrl);
  const { fetchSession } = await import('./session');
  const { authClient } = await import('./auth-client');
  return { fetchSession, getSession: () => authClient.getSession() };
}

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });

const session = {
  session: {
    id: 's1',
    token: 'tok',
    userId: 'u1',
    expiresAt: '2026-12-01T10:00:00.000Z',
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    activeOrganizationId: 'o1',
    impersonatedBy: null,
  },
  user: {
    id: 'u1',
    name: 'Anna de Vries',
    email: 'anna@example.test',
    emailVerified: true,
    image: null,
    locale: 'nl',
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-11-24T10:00:00Z',
    // A string that only looks like a date stays a string.
    bio: '2026-01-02',
  },
};

describe('fetchSession', () => {
  beforeEach(() => {
    vi.unstubAllEnvs();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('reads a session as the client does: same request, dates as Date', async () => {
    const seen = fakeServer(() => json(session));
    const { fetchSession, getSession } = await load();

    const ours = await fetchSession();
    const theirs = await getSession();

    expect(ours).toEqual({ data: theirs.data, error: null });
    expect(theirs.error).toBeNull();
    expect(ours.data?.session.expiresAt).toEqual(new Date('2026-12-01T10:00:00.000Z'));
    expect((ours.data?.user as { bio?: unknown }).bio).toBe('2026-01-02');
    expect(seen[0]).toEqual({
      url: 'https://crm.example/api/auth/get-session',
      method: 'GET',
      credentials: 'include',
    });
    expect(seen[1]).toEqual(seen[0]);
  });

  it('reads "no session" (null) as the client does', async () => {
    fakeServer(() => json(null));
    const { fetchSession, getSession } = await load();
    expect(await fetchSession()).toEqual({ data: null, error: null });
    expect((await getSession()).data).toBeNull();
  });

  it.each([
    [
      'a JSON refusal',
      () => json({ code: 'UNAUTHORIZED', message: 'Unauthorized' }, 401, 'Unauthorized'),
    ],
    [
      'a JSON failure',
      () =>
        json({ code: 'FAILED_TO_GET_SESSION', message: 'Failed' }, 500, 'Internal Server Error'),
    ],
    [
      'a page that is not JSON',
      () =>
        new Response('<h1>Bad gateway</h1>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html' },
        }),
    ],
  ])('gives the same error object for %s', async (_name, answer) => {
    fakeServer(answer);
    const { fetchSession, getSession } = await load();
    const ours = await fetchSession();
    const theirs = await getSession();
    expect(ours.data).toBeNull();
    expect(ours.error).toEqual({ ...theirs.error });
    expect(ours.error?.status).toBeGreaterThanOrEqual(400);
  });

  it.each([
    ['https://api.example', 'https://api.example/api/auth/get-session'],
    ['https://api.example/', 'https://api.example/api/auth/get-session'],
    ['https://api.example/auth-prefix', 'https://api.example/auth-prefix/get-session'],
  ])('asks the same server as the client when VITE_API_URL is %s', async (apiUrl, expected) => {
    const seen = fakeServer(() => json(null));
    const { fetchSession, getSession } = await load(apiUrl);
    await fetchSession();
    await getSession();
    expect(seen.map((s) => s.url)).toEqual([expected, expected]);
  });
});
