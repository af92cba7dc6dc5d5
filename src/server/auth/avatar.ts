import { systemNow } from '../clock';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { Database } from '../db/client';
import { member, user, userAvatar } from '../db/schema';
import type { Auth, AuthCall } from './auth';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_MAX_SIDE = 512;
const AVATAR_PATH = /^\/api\/avatars\/[\w-]+\?v=[0-9a-f]{12}$/;
const USER_ID = /^[\w-]{1,64}$/;

const bad = (message: string) =>
  Response.json({ code: 'INVALID_IMAGE', message, fields: { image: message } }, { status: 400 });

/** Width and height from a PNG's IHDR chunk, or null when it is not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  if (
    png.length < 24 ||
    !png.subarray(0, 8).equals(PNG_SIGNATURE) ||
    png.toString('ascii', 12, 16) !== 'IHDR'
  ) {
    return null;
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * `POST /api/auth/update-user` with an `image`: a PNG data URL (the browser crops and resizes it
 * to 256 px) is stored in `user_avatar` and replaced by its URL before better-auth sees the
 * request; `null` removes the avatar. Returns the call to pass on, or a 4xx response.
 */
export async function storeAvatar(
  call: AuthCall,
  headers: Headers,
  deps: { auth: Auth; db: Database },
): Promise<AuthCall | Response> {
  const { body } = call;
  if (call.path !== '/api/auth/update-user' || !body || !('image' in body)) return call;
  const session = await deps.auth.api.getSession({ headers });
  if (!session) return call; // better-auth answers 401 itself
  const userId = session.user.id;
  let image: string | null;
  if (body.image === null) {
    await deps.db.delete(userAvatar).where(eq(userAvatar.userId, userId));
    image = null;
  } else if (typeof body.image === 'string' && AVATAR_PATH.test(body.image)) {
    image = body.image;
  } else if (typeof body.image === 'string' && body.image.startsWith('data:image/png;base64,')) {
    const png = Buffer.from(body.image.slice('data:image/png;base64,'.length), 'base64');
    const size = pngSize(png);
    if (!size) return bad('The avatar must be a PNG image');
    if (png.length > AVATAR_MAX_BYTES) return bad('The avatar is larger than 512 kB');
    if (size.width > AVATAR_MAX_SIDE || size.height > AVATAR_MAX_SIDE) {
      return bad(`The avatar is at most ${AVATAR_MAX_SIDE}×${AVATAR_MAX_SIDE} pixels`);
    }
    const sha256 = createHash('sha256').update(png).digest('hex');
    await deps.db
      .insert(userAvatar)
      .values({ userId, png, sha256 })
      .onConflictDoUpdate({
        target: userAvatar.userId,
        set: { png, sha256, updatedAt: systemNow() },
      });
    image = `/api/avatars/${userId}?v=${sha256.slice(0, 12)}`;
  } else {
    return bad('The avatar must be a PNG image (data URL)');
  }
  return { ...call, body: { ...body, image } };
}

/**
 * May `viewerId` see `ownerId`'s picture? Themselves, people who share a workspace with them,
 * and site admins (who manage every account) may.
 */
async function maySeeAvatar(db: Database, viewerId: string, ownerId: string): Promise<boolean> {
  if (viewerId === ownerId) return true;
  const viewer = alias(member, 'viewer_member');
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(member)
    .innerJoin(
      viewer,
      and(eq(viewer.organizationId, member.organizationId), eq(viewer.userId, viewerId)),
    )
    .where(eq(member.userId, ownerId))
    .limit(1);
  if (rows.length > 0) return true;
  const admins = await db
    .select({ role: user.role })
    .from(user)
    .where(eq(user.id, viewerId))
    .limit(1);
  return (admins[0]?.role ?? '').split(',').includes('admin');
}

/**
 * `GET /api/avatars/:userId`: the stored PNG, for the people allowed to see it (finding 9);
 * anyone else gets the same 404 as for a user without a picture.
 */
export async function serveAvatar(
  c: Context,
  deps: { auth: Auth; db: Database },
): Promise<Response> {
  const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session)
    return c.json({ error: { code: 'UNAUTHORIZED', message: 'Sign in to continue' } }, 401);
  const ownerId = c.req.param('userId') ?? '';
  const notFound = () => c.json({ error: { code: 'NOT_FOUND', message: 'No avatar' } }, 404);
  // User ids are better-auth's letters and digits: anything else (a NUL, say) is no user's.
  if (!USER_ID.test(ownerId)) return notFound();
  if (!(await maySeeAvatar(deps.db, session.user.id, ownerId))) return notFound();
  const rows = await deps.db
    .select({ png: userAvatar.png })
    .from(userAvatar)
    .where(eq(userAvatar.userId, ownerId))
    .limit(1);
  const row = rows[0];
  if (!row) return notFound();
  return new Response(new Uint8Array(row.png), {
    headers: {
      'content-type': 'image/png',
      'cache-control': 'private, max-age=31536000, immutable',
    },
  });
}
