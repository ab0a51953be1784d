import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { CORE_API_METHODS } from '@portico/shared-types'
import { createCoreHub } from './infra/hub.ts'
import { setupCore } from '../test/fixtures.ts'

/** The comlink API is the contract between every tab and the core: a change shows here in review. */
describe('core API surface', () => {
  it('pins CORE_API_METHODS', () => {
    expect([...CORE_API_METHODS].sort()).toMatchInlineSnapshot(`
      [
        "addRecentWallet",
        "addSiwxSession",
        "clearEmbeddedWallet",
        "configure",
        "connectWalletConnect",
        "disconnectWalletConnect",
        "getAccountName",
        "getCapabilities",
        "getFeaturedWallets",
        "getNameSuggestions",
        "getNames",
        "getNativeBalance",
        "getNftHoldings",
        "getOnrampOptions",
        "getOnrampQuote",
        "getOnrampUrl",
        "getRecommendedWallets",
        "getSendEstimate",
        "getState",
        "getSwapQuote",
        "getSwapTokens",
        "getTokenPrices",
        "getWalletConnectAccount",
        "getWallets",
        "heartbeat",
        "loadMoreTransactions",
        "loadTransactions",
        "loadedScripts",
        "markWriteAsked",
        "ping",
        "prepareWalletConnect",
        "prepareWrite",
        "refresh",
        "refreshBalances",
        "refreshIdentity",
        "removeSiwxSessions",
        "resolveReceiver",
        "setActiveNetwork",
        "setConnected",
        "setConnecting",
        "setDisconnected",
        "setEmbeddedWallet",
        "setOnline",
        "setPreferredAccountType",
        "setSwitchingNamespace",
        "setVisibility",
        "setWalletAssets",
        "simulateCalls",
        "submitWriteResult",
        "subscribe",
        "switchWalletConnectChain",
        "takeSiwxSignOut",
        "track",
        "unsubscribe",
        "validateWrite",
        "walletConnectRequest",
      ]
    `)
  })

  it('pins the keys of a created core: the API plus ready and dispose', () => {
    const { core } = setupCore()
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "addRecentWallet",
        "addSiwxSession",
        "clearEmbeddedWallet",
        "configure",
        "connectWalletConnect",
        "disconnectWalletConnect",
        "dispose",
        "getAccountName",
        "getCapabilities",
        "getFeaturedWallets",
        "getNameSuggestions",
        "getNames",
        "getNativeBalance",
        "getNftHoldings",
        "getOnrampOptions",
        "getOnrampQuote",
        "getOnrampUrl",
        "getRecommendedWallets",
        "getSendEstimate",
        "getState",
        "getSwapQuote",
        "getSwapTokens",
        "getTokenPrices",
        "getWalletConnectAccount",
        "getWallets",
        "heartbeat",
        "loadMoreTransactions",
        "loadTransactions",
        "loadedScripts",
        "markWriteAsked",
        "ping",
        "prepareWalletConnect",
        "prepareWrite",
        "ready",
        "refresh",
        "refreshBalances",
        "refreshIdentity",
        "removeSiwxSessions",
        "resolveReceiver",
        "setActiveNetwork",
        "setConnected",
        "setConnecting",
        "setDisconnected",
        "setEmbeddedWallet",
        "setOnline",
        "setPreferredAccountType",
        "setSwitchingNamespace",
        "setVisibility",
        "setWalletAssets",
        "simulateCalls",
        "submitWriteResult",
        "subscribe",
        "switchWalletConnectChain",
        "takeSiwxSignOut",
        "track",
        "unsubscribe",
        "validateWrite",
        "walletConnectRequest",
      ]
    `)
    expect(
      Object.keys(core)
        .filter((k) => k !== 'ready' && k !== 'dispose')
        .sort(),
    ).toEqual([...CORE_API_METHODS].sort())
    core.dispose()
  })

  it('gives the dedicated-worker hub the same API', () => {
    const channel = { postMessage() {}, addEventListener() {}, close() {} }
    const hub = createCoreHub({ createCore: () => setupCore().core, channel, locks: undefined })
    expect(
      Object.keys(hub)
        .filter((k) => !['ready', 'dispose', 'role'].includes(k))
        .sort(),
    ).toEqual([...CORE_API_METHODS].sort())
    hub.dispose()
  })
})
