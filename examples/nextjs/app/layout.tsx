import type { ReactNode } from 'react'

// No favicon file: an empty icon, so the browser does not ask for /favicon.ico.
export const metadata = { title: 'My dapp', icons: { icon: 'data:,' } }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
