// First: zod must not probe `new Function` under the page's CSP (see wallet/zod-jitless.ts).
import '../../wallet/zod-jitless.ts'
import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import { mnemonicToAccount } from 'viem/accounts'
import { z } from 'zod'
import { DEV_MNEMONIC } from '../dev-accounts.ts'

/**
 * The sandbox's Farcaster wallet: opens a Sign In With Farcaster link (the app's QR code / URI),
 * shows what is asked, and on Approve signs the sign-in message with the chosen account's custody
 * key (from the public test mnemonic) and hands it to the relay with @farcaster/auth-client.
 */

const configSchema = z.object({
  relayUrl: z.string().url(),
  relayKey: z.string().min(1),
  rpcUrl: z.string().url(),
  accounts: z.array(z.object({ username: z.string(), displayName: z.string(), addressIndex: z.number().int(), custody: z.string(), fid: z.number().int().positive() })).min(1),
})
const linkSchema = z.object({
  channelToken: z.string().min(1),
  nonce: z.string().min(1),
  siweUri: z.string().url(),
  domain: z.string().min(1),
  notBefore: z.string().optional(),
  expirationTime: z.string().optional(),
  requestId: z.string().optional(),
})

const main = document.querySelector('main') as HTMLElement

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith('aria-') || key === 'role' || key === 'for') node.setAttribute(key, String(value))
    else (node as unknown as Record<string, unknown>)[key] = value
  }
  node.append(...children)
  return node
}

function say(text: string, role: 'status' | 'alert' = 'status'): void {
  main.querySelector('#outcome')?.remove()
  main.append(el('p', { id: 'outcome', role }, text))
}

function linkForm(): HTMLFormElement {
  const input = el('input', { id: 'link', name: 'link', type: 'url', required: true })
  const form = el('form', {}, el('label', { for: 'link' }, 'Sign-in link'), input, el('button', { type: 'submit' }, 'Open'))
  form.addEventListener('submit', (e) => {
    e.preventDefault()
    try {
      const url = new URL(input.value)
      location.search = url.search
    } catch {
      say('This is not a Sign In With Farcaster link', 'alert')
    }
  })
  return form
}

async function start(): Promise<void> {
  const config = configSchema.parse(await (await fetch('/farcaster/wallet/config.json')).json())
  const link = linkSchema.safeParse(Object.fromEntries(new URLSearchParams(location.search)))
  document.documentElement.dataset['ready'] = 'true'
  if (!link.success) {
    main.append(el('p', {}, 'Open a Sign In With Farcaster link (the app’s QR code or link) here.'), linkForm())
    return
  }
  const client = createWalletClient({ relay: config.relayUrl, ethereum: viemConnector({ rpcUrl: config.rpcUrl }) })
  const select = el('select', { id: 'account', name: 'account' }, ...config.accounts.map((a, i) => el('option', { value: String(i) }, `@${a.username} (fid ${a.fid})`)))
  const approve = el('button', { type: 'button' }, 'Approve')
  const reject = el('button', { type: 'button', className: 'secondary' }, 'Reject')
  const dialog = el(
    'section',
    { role: 'dialog', 'aria-labelledby': 'ask' },
    el('h2', { id: 'ask' }, `Sign in to ${link.data.domain}?`),
    el('p', {}, `${link.data.siweUri} asks to sign you in with your Farcaster account.`),
    el('label', { for: 'account' }, 'Account'),
    select,
    el('div', { className: 'actions' }, approve, reject),
  )
  main.append(dialog)
  reject.addEventListener('click', () => {
    dialog.remove()
    say('Sign-in rejected. You can close this page.')
  })
  approve.addEventListener('click', () => {
    const chosen = config.accounts[Number(select.value)]
    if (!chosen) return
    approve.disabled = true
    reject.disabled = true
    void (async () => {
      const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: chosen.addressIndex })
      const built = client.buildSignInMessage({
        address: account.address,
        fid: chosen.fid,
        uri: link.data.siweUri,
        domain: link.data.domain,
        nonce: link.data.nonce,
        ...(link.data.notBefore ? { notBefore: new Date(link.data.notBefore) } : {}),
        ...(link.data.expirationTime ? { expirationTime: new Date(link.data.expirationTime) } : {}),
        ...(link.data.requestId ? { requestId: link.data.requestId } : {}),
      })
      if (built.isError) throw built.error ?? new Error('Could not build the sign-in message')
      const signature = await account.signMessage({ message: built.message })
      const done = await client.authenticate({
        channelToken: link.data.channelToken,
        authKey: config.relayKey,
        message: built.message,
        signature,
        fid: chosen.fid,
        username: chosen.username,
        displayName: chosen.displayName,
        bio: `${chosen.displayName} of the Portico sandbox`,
        pfpUrl: '',
      })
      if (done.isError || done.response.status !== 201) throw new Error('The relay refused the sign-in (the link may have expired)')
      dialog.remove()
      say(`Signed in as @${chosen.username}. Go back to the app.`)
    })().catch((err: unknown) => {
      approve.disabled = false
      reject.disabled = false
      say(err instanceof Error ? err.message : 'Sign-in failed', 'alert')
    })
  })
}

start().catch((err: unknown) => say(err instanceof Error ? err.message : 'The wallet could not start', 'alert'))
