import { escapeHtml, htmlPage } from '@portico/frame-service/pages.ts'
import type { MailboxMessage } from './mailbox.ts'

export { escapeHtml, htmlPage, PAGES_CSS } from '@portico/frame-service/pages.ts'

const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)

/** GET /mailbox: every message (or those to `?to=`), newest first, for people. */
export function mailboxPage(messages: readonly MailboxMessage[], to: string | undefined): string {
  const items = [...messages]
    .reverse()
    .map(
      (m) =>
        `<article aria-label="${escapeHtml(m.subject)}"><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.date)}</p><pre>${linkify(escapeHtml(m.text))}</pre></article>`,
    )
    .join('\n')
  return htmlPage(
    'Sandbox mailbox',
    [
      '<h1>Sandbox mailbox</h1>',
      '<p>Every mail the embedded-wallet frame sent, newest first. Nothing leaves this machine.</p>',
      `<form method="get" action="/mailbox" role="search"><label for="to">Email address</label><input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}"><button type="submit">Show</button></form>`,
      `<section aria-label="Messages">${items || '<p>No messages.</p>'}</section>`,
    ].join('\n'),
  )
}

/** GET /farcaster/wallet: the sandbox's Farcaster wallet (its script opens the link of the query). */
export function farcasterWalletPage(): string {
  return htmlPage('Farcaster Wallet (sandbox)', '<h1>Farcaster Wallet (sandbox)</h1>', { script: '/assets/farcaster-wallet.js' })
}
