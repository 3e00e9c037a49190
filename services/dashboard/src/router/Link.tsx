/** A link inside the dashboard: a real `<a href>` (new tab, copy link) that navigates without a reload. */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { hrefOf, navigate } from './location';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

export function Link({ to, onClick, ...rest }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={hrefOf(to)} onClick={follow} {...rest} />;
}
