// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { eip6963ProviderInfoSchema } from '@portico/shared-types'
import { installSandboxWallet, SANDBOX_WALLET_NAME, SANDBOX_WALLET_RDNS, type SandboxWallet } from './install.ts'
import { PROMPT_HOST_TAG } from './prompt.ts'
import { STORAGE_KEY } from './store.ts'

type Detail = { info: unknown; provider: unknown }
let wallet: SandboxWallet | undefined

afterEach(() => {
  wallet?.uninstall()
  wallet = undefined
  localStorage.clear()
  document.body.replaceChildren()
})

function collectAnnouncements(): Detail[] {
  const seen: Detail[] = []
  window.addEventListener('eip6963:announceProvider', (event) => seen.push((event as CustomEvent<Detail>).detail))
  return seen
}

const clickInPrompt = async (name: string) => {
  for (let i = 0; i < 20 && !document.querySelector(PROMPT_HOST_TAG); i++) await new Promise((r) => setTimeout(r, 5))
  const buttons = [...(document.querySelector(PROMPT_HOST_TAG)?.shadowRoot?.querySelectorAll('button') ?? [])]
  const target = buttons.find((b) => b.textContent === name)
  if (!target) throw new Error(`No ${name} button in the prompt`)
  target.click()
}

describe('installSandboxWallet', () => {
  it('announces through EIP-6963 with frozen detail, again on request, and not on window.ethereum', () => {
    const seen = collectAnnouncements()
    wallet = installSandboxWallet()
    expect(seen).toHaveLength(1)
    const [detail] = seen
    expect(Object.isFrozen(detail)).toBe(true)
    expect(Object.isFrozen(detail?.info)).toBe(true)
    const info = eip6963ProviderInfoSchema.parse(detail?.info)
    expect(info).toMatchObject({ name: SANDBOX_WALLET_NAME, rdns: SANDBOX_WALLET_RDNS })
    expect(info.icon.startsWith('data:image/svg+xml,')).toBe(true)
    expect(info.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(detail?.provider).toBe(wallet.provider)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
    expect(seen[1]).toBe(detail)
    expect('ethereum' in window).toBe(false)
  })

  it('installs once per window and stops answering after uninstall', () => {
    wallet = installSandboxWallet()
    expect(installSandboxWallet()).toBe(wallet)
    wallet.uninstall()
    const seen = collectAnnouncements()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(0)
    wallet = installSandboxWallet()
    expect(seen).toHaveLength(1)
  })

  it('connects through the prompt and remembers it in its own localStorage key', async () => {
    wallet = installSandboxWallet()
    const accounts = wallet.provider.request({ method: 'eth_requestAccounts' })
    await clickInPrompt('Approve')
    expect(await accounts).toEqual(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({ authorised: { 'http://localhost:3000': {} } })
  })

  it('follows another tab through the storage event', async () => {
    wallet = installSandboxWallet()
    const accounts = wallet.provider.request({ method: 'eth_requestAccounts' })
    await clickInPrompt('Approve')
    await accounts
    const changes: unknown[] = []
    wallet.provider.on('accountsChanged', (a) => changes.push(a))
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, authorised: {}, addedChains: [] }))
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY }))
    expect(changes).toEqual([[]])
  })

  it('throws 4001 when the person rejects in the prompt', async () => {
    wallet = installSandboxWallet()
    const accounts = wallet.provider.request({ method: 'eth_requestAccounts' })
    await clickInPrompt('Reject')
    await expect(accounts).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
  })
})
