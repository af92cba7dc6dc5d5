import { useState } from 'react';
import { cn } from '../../lib/utils';

/** "Eva Lawyer" → "EL"; one letter for one word; "?" for an empty name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  return letters.map((w) => w?.charAt(0).toUpperCase()).join('') || '?';
}

/**
 * A round picture (user photo, workspace logo) with initials when there is none or it fails to
 * load. Plain elements, no Radix: the header renders it in the initial bundle.
 */
export function Avatar({
  name,
  image,
  size = 32,
  className,
}: {
  name: string;
  image?: string | null | undefined;
  size?: number;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  return image && !failed ? (
    <img
      src={image}
      alt=""
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(true)}
      className={cn('shrink-0 rounded-full object-cover', className)}
    />
  ) : (
    // The initials are drawn by CSS, not written as text: a button holding the avatar is named
    // by the person's name, and its visible text must be part of that name (WCAG 2.5.3, axe's
    // label-content-name-mismatch; issue 12).
    <span
      aria-hidden="true"
      data-initials={initials(name)}
      style={style}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-secondary font-medium text-secondary-foreground before:content-[attr(data-initials)]',
        className,
      )}
    />
  );
}
