/** The frame of the sign-up and log-in screens: the product's name and one narrow column. */
import type { ReactNode } from 'react';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-shell">
      <p className="brand">
        <span className="brand-mark" aria-hidden="true" />
        Wallet passes
      </p>
      <main id="main" className="public-main">
        {children}
      </main>
    </div>
  );
}
