/** A screen's title: the page's one h1 and the document title. Navigation moves focus here (Layout). */
import { useEffect, type ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Dashboard`;
  }, [title]);
  return (
    <header className="page-header">
      <h1 tabIndex={-1}>{title}</h1>
      {children && <div className="page-actions">{children}</div>}
    </header>
  );
}
