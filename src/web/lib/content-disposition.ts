/**
 * The file name a download's `Content-Disposition` gives: the UTF-8 `filename*` (RFC 5987, which
 * keeps "captabel-zoë-bv-….csv" as written), else the ASCII `filename`; null when there is none.
 */
export function attachmentName(disposition: string): string | null {
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Malformed: the plain name below.
    }
  }
  return /filename\s*=\s*"([^"]+)"/i.exec(disposition)?.[1] ?? null;
}
