import { Buffer } from 'buffer'

/**
 * @walletconnect/utils 2.21 decodes with Node's global `Buffer` (a one-click sign-in's ReCaps among
 * others), which a browser lacks: the `buffer` package stands in where no `Buffer` is defined. Imported
 * by the page before WalletKit.
 */
const scope = globalThis as { Buffer?: unknown }
scope.Buffer ??= Buffer
