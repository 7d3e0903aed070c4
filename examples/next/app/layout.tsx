import type { ReactNode } from 'react';

// No favicon of its own: the browser would ask the site's root for one.
export const metadata = { title: 'vf in a Next.js app', icons: { icon: 'data:,' } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
