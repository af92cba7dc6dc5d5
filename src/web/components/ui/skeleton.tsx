import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A grey placeholder block; hidden from assistive tech (the container announces loading). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
