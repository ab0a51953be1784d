import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoProvider } from '../PorticoProvider.tsx'
import { ADDRESS, announceWallet, connectInCore, createTestClient, testConfig, type FakeWallet, type TestPortico } from '../../test/harness.tsx'
import { useAccount, useDisconnect, useEvents, useModal, useModalState, useNetwork, useProvider, useTheme, useWalletInfo } from './index.ts'

let wallet: FakeWallet | undefined
afterEach(() => wallet?.cleanup())

function hook<T>(portico: TestPortico, fn: () => T) {
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider client={portico.client}>{children}</PorticoProvider>
  return renderHook(fn, { wrapper })
}

async function connectWallet(portico: TestPortico) {
  wallet = announceWallet({ name: 'Test Wallet', rdns: 'dev.test.wallet' })
  await act(async () => {
    await portico.client.start()
    await portico.client.connect('dev.test.wallet')
  })
}

describe('hooks', () => {
  it('useModal and useModalState open and close the modal, optionally at a view', async () => {
    const portico = createTestClient()
    const { result } = hook(portico, () => ({ modal: useModal(), state: useModalState() }))
    expect(result.current.modal.isOpen).toBe(false)
    act(() => result.current.modal.open({ name: 'Networks' }))
    expect(result.current.modal).toMatchObject({ isOpen: true, view: 'Networks' })
    expect(result.current.state).toMatchObject({ open: true, view: 'Networks' })
    await waitFor(() => expect(result.current.state.selectedNetworkId).toBe('eip155:31337'))
    act(() => result.current.modal.close())
    expect(result.current.state.open).toBe(false)
    portico.client.destroy()
  })

  it('useAccount follows the core; useDisconnect disconnects', async () => {
    const portico = createTestClient()
    const { result } = hook(portico, () => ({ account: useAccount(), disconnect: useDisconnect() }))
    expect(result.current.account).toMatchObject({ status: 'disconnected', isConnected: false, address: undefined })
    await connectWallet(portico)
    expect(result.current.account).toMatchObject({ status: 'connected', isConnected: true, address: ADDRESS, caipAddress: `eip155:31337:${ADDRESS}`, connectorName: 'Test Wallet' })
    await act(() => result.current.disconnect.disconnect())
    await waitFor(() => expect(result.current.account.isConnected).toBe(false))
    portico.client.destroy()
  })

  it('useNetwork answers the active network and switches', async () => {
    const portico = createTestClient()
    const { result } = hook(portico, () => useNetwork())
    expect(result.current).toMatchObject({ caipNetworkId: 'eip155:31337', chainId: 31337, network: { name: 'Portico Local' } })
    expect(result.current.networks).toHaveLength(2)
    await act(() => result.current.switchNetwork('eip155:31338'))
    await waitFor(() => expect(result.current.network?.name).toBe('Portico Local B'))
    portico.client.destroy()
  })

  it('useTheme reads and sets the mode, and merges theme variables', () => {
    const portico = createTestClient({ config: testConfig({ themeVariables: { '--portico-accent': 'red', '--portico-border-radius-master': '4px' } }) })
    const { result } = hook(portico, () => useTheme())
    expect(result.current.themeMode).toBe('light')
    act(() => result.current.setThemeMode('dark'))
    expect(result.current.themeMode).toBe('dark')
    act(() => result.current.setThemeVariables({ '--portico-accent': 'blue' }))
    expect(result.current.themeVariables).toEqual({ '--portico-accent': 'blue', '--portico-border-radius-master': '4px' })
    portico.client.destroy()
  })

  it("with no themeMode, useTheme follows the browser's colour scheme as it changes, until the dapp sets one", () => {
    const listeners = new Set<(event: MediaQueryListEvent) => void>()
    let dark = true
    const query = {
      get matches() {
        return dark
      },
      addEventListener: (_: 'change', listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeEventListener: (_: 'change', listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
    }
    const scheme = (next: boolean) => {
      dark = next
      for (const listener of [...listeners]) listener({ matches: next } as MediaQueryListEvent)
    }
    vi.stubGlobal('matchMedia', (media: string) => (media === '(prefers-color-scheme: dark)' ? query : { matches: false, addEventListener() {}, removeEventListener() {} }))
    try {
      const following = createTestClient()
      const { result } = hook(following, () => useTheme())
      expect(result.current.themeMode).toBe('dark')
      act(() => scheme(false))
      expect(result.current.themeMode).toBe('light')
      act(() => scheme(true))
      expect(result.current.themeMode).toBe('dark')
      // The dapp's choice wins from then on.
      act(() => result.current.setThemeMode('light'))
      act(() => scheme(false))
      act(() => scheme(true))
      expect(result.current.themeMode).toBe('light')
      expect(listeners.size).toBe(0)
      following.client.destroy()

      // A themeMode in the configuration is kept whatever the browser says.
      const fixed = createTestClient({ config: testConfig({ themeMode: 'light' }) })
      const fixedTheme = hook(fixed, () => useTheme())
      expect(fixedTheme.result.current.themeMode).toBe('light')
      act(() => scheme(true))
      expect(fixedTheme.result.current.themeMode).toBe('light')
      expect(listeners.size).toBe(0)
      fixed.client.destroy()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('useEvents hands every event to the listener and answers the latest', async () => {
    const portico = createTestClient()
    const listener = vi.fn()
    const { result } = hook(portico, () => useEvents(listener))
    act(() => portico.client.open())
    act(() => portico.client.close())
    expect(listener.mock.calls.map(([e]) => e.type)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
    expect(result.current).toEqual({ type: 'MODAL_CLOSE' })
    portico.client.destroy()
  })

  it('useWalletInfo and useProvider answer the connected wallet', async () => {
    const portico = createTestClient()
    const { result } = hook(portico, () => ({ info: useWalletInfo(), provider: useProvider() }))
    expect(result.current.info.walletInfo).toBeUndefined()
    expect(result.current.provider.provider).toBeUndefined()
    await connectWallet(portico)
    expect(result.current.info.walletInfo).toMatchObject({ name: 'Test Wallet', rdns: 'dev.test.wallet' })
    // The wallet's provider, with EIP-5792's three methods through the one seam (SPEC.md §8 errors before the wallet is asked).
    await result.current.provider.provider!.request({ method: 'eth_chainId' })
    expect(wallet!.provider.request).toHaveBeenLastCalledWith({ method: 'eth_chainId' })
    await expect(result.current.provider.provider!.request({ method: 'wallet_getCapabilities', params: [] })).rejects.toThrow('Missing address parameter in `wallet_getCapabilities` request')
    portico.client.destroy()
  })

  it('useWalletInfo falls back to the connector name when the wallet is not on the page', async () => {
    const portico = createTestClient()
    const { result } = hook(portico, () => useWalletInfo())
    await connectInCore(portico, { connectorId: 'elsewhere', connectorName: 'Elsewhere Wallet' })
    expect(result.current.walletInfo).toEqual({ name: 'Elsewhere Wallet', icon: undefined, rdns: undefined })
    portico.client.destroy()
  })
})
