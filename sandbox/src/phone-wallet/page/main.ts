// First: zod must not probe `new Function` under the page's CSP (see wallet/zod-jitless.ts).
import '../../../wallet/zod-jitless.ts'
// Then: the Buffer @walletconnect/utils expects of its host.
import './buffer-global.ts'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { mnemonicToAccount } from 'viem/accounts'
import { z } from 'zod'
import { solanaDevSigner } from '../../../wallet/solana-keys.ts'
import { DEV_MNEMONIC } from '../../dev-accounts.ts'
import { PHONE_WALLET_NAME, phoneWalletConfigSchema } from '../config.ts'
import { uriFromLocation } from '../uri.ts'
import { createPhoneWallet } from '../wallet.ts'
import { mountView, showFatal } from './view.ts'

/** The page's own choices kept across reloads (WalletKit keeps the sessions in IndexedDB). */
const PREFERENCES_KEY = 'dev.portico.sandbox-phone-wallet'
const preferencesSchema = z.object({ accountIndex: z.number().int().optional(), chainId: z.number().int().optional() })

function readPreferences(): z.infer<typeof preferencesSchema> {
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}'))
    return parsed.success ? parsed.data : {}
  } catch {
    return {}
  }
}

/**
 * `?chains=31337` and `?methods=personal_sign,eth_sendTransaction` (comma-separated, read at start):
 * a session approval grants only these chains and methods, to try a dapp against a wallet that
 * lacks some. Absent: every chain and method the wallet has.
 */
function readGrant(href: string): { chains?: number[]; methods?: string[] } {
  const params = new URL(href).searchParams
  const list = (name: string) =>
    params
      .get(name)
      ?.split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '')
  const chains = list('chains')
    ?.map(Number)
    .filter((n) => Number.isInteger(n))
  const methods = list('methods')
  return { ...(chains === undefined ? {} : { chains }), ...(methods === undefined ? {} : { methods }) }
}

async function boot(root: HTMLElement): Promise<void> {
  const grant = readGrant(location.href)
  const response = await fetch('/config.json', { cache: 'no-store' })
  const config = phoneWalletConfigSchema.parse(await response.json())
  // Telemetry off; WalletKit still posts one start-up event, which the page's CSP refuses at once.
  const core = new Core({ projectId: config.projectId, relayUrl: config.relayUrl, telemetryEnabled: false, customStoragePrefix: 'sandbox-phone-wallet' })
  const walletKit = await WalletKit.init({
    core,
    metadata: { name: PHONE_WALLET_NAME, description: 'A WalletConnect wallet for the Portico sandbox (development only)', url: config.url, icons: [`${config.url}/icon.svg`] },
  })
  // Each account's Solana side: the sandbox's Solana dev account of the same index (derived with WebCrypto), when the wallet has Solana chains.
  const accounts = await Promise.all(
    config.accountIndexes.map(async (index) => ({
      index,
      account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index }),
      solana: config.solanaChains.length > 0 ? await solanaDevSigner(DEV_MNEMONIC, index) : undefined,
    })),
  )
  const wallet = createPhoneWallet({ walletKit, chains: config.chains, solanaChains: config.solanaChains, accounts, initial: readPreferences(), grant })
  wallet.subscribe((state) => localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ accountIndex: state.account.index, chainId: state.chain.id })))
  mountView(root, wallet)
  document.documentElement.dataset.ready = 'true'

  const uri = uriFromLocation(location.href)
  if (uri !== undefined) {
    // A reload must not pair the same link again.
    history.replaceState(null, '', '/')
    await wallet.pair(uri)
  }
}

const root = document.getElementById('app')
if (root) {
  boot(root).catch((error: unknown) => {
    showFatal(root, `The wallet could not start: ${error instanceof Error ? error.message : String(error)}`)
  })
}
