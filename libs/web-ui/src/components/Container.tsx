import type { HTMLAttributes } from 'react';

/** Centres content with a readable maximum width and side padding that shrinks on phones. */
export function Container({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={['hl-container', className].filter(Boolean).join(' ')} {...rest} />;
}
