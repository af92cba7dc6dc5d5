import { t } from '../../lib/i18n';

/** Avatar rules (issue 3): PNG only, at most 5 MB, stored as a 256×256 PNG data URL. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;

/** Why a picked file cannot be an avatar, or null when it can. */
export function avatarFileError(file: File): string | null {
  if (file.type !== 'image/png') return t('account.avatar.notPng');
  if (file.size > AVATAR_MAX_BYTES) return t('account.avatar.tooLarge');
  return null;
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(t('account.avatar.unreadable')));
    };
    image.src = url;
  });
}

/**
 * Crops the picture to its centred square and scales that to 256×256 on a canvas, in the
 * browser, so the server only ever stores a small PNG.
 */
export async function squareAvatarDataUrl(file: File): Promise<string> {
  const image = await loadImage(file);
  const side = Math.min(image.naturalWidth, image.naturalHeight);
  if (side === 0) throw new Error(t('account.avatar.empty'));
  const sx = (image.naturalWidth - side) / 2;
  const sy = (image.naturalHeight - side) / 2;
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE_PX;
  canvas.height = AVATAR_SIZE_PX;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(t('account.avatar.cannotResize'));
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, side, side, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  return canvas.toDataURL('image/png');
}
