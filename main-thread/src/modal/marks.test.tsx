import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { siApple, siDiscord, siEthereum, siFacebook, siFarcaster, siGithub, siGoogle, siSolana, siX } from 'simple-icons'
import { describe, expect, it } from 'vitest'
import type { AuthConnector, SocialLoginProvider } from '../connectors/embedded/types.ts'
import { createTestClient, renderPortico } from '../../test/harness.tsx'
import { SocialLoginRow } from './EmbeddedLoginRows.tsx'
import { NetworkBadge } from './NetworkBadge.tsx'

const PROVIDERS: readonly [SocialLoginProvider, string, string][] = [
  ['google', 'Google', siGoogle.path],
  ['x', 'X', siX.path],
  ['discord', 'Discord', siDiscord.path],
  ['github', 'GitHub', siGithub.path],
  ['apple', 'Apple', siApple.path],
  ['facebook', 'Facebook', siFacebook.path],
  ['farcaster', 'Farcaster', siFarcaster.path],
]

describe('brand marks', () => {
  it('each social button shows its brand mark (hidden from assistive technology) and keeps the brand name as its name', async () => {
    const portico = createTestClient()
    // The row only preloads the embedded wallet's frame on hover; nothing else of the connector is used before a click.
    const connector = { embedded: { preload: () => undefined } } as unknown as AuthConnector
    renderPortico(portico, <SocialLoginRow connector={connector} providers={PROVIDERS.map(([id]) => id)} />)
    await userEvent.click(screen.getByRole('button', { name: 'More' }))
    const list = screen.getByRole('list', { name: 'Social login' })
    for (const [, name, path] of PROVIDERS) {
      const button = within(list).getByRole('button', { name })
      const svg = button.querySelector('svg')!
      expect(svg.getAttribute('aria-hidden')).toBe('true')
      expect(svg.querySelector('path')!.getAttribute('d')).toBe(path)
      expect(button.textContent).toBe(name)
    }
    portico.client.destroy()
  })

  it('an EVM network shows the Ethereum mark, a Solana network the Solana mark (loaded with the first one shown); another namespace its initials', async () => {
    const { container, rerender } = render(<NetworkBadge name="Portico Local B" caipNetworkId="eip155:31338" />)
    expect(container.querySelector('path')!.getAttribute('d')).toBe(siEthereum.path)
    expect(container.textContent).toBe('')
    rerender(<NetworkBadge name="Solana Devnet" caipNetworkId="solana:EtWTRABZaYq6iMfeYKouRu166VL2Mcfq" />)
    expect(container.querySelector('[data-mark]')!.getAttribute('data-mark')).toBe('solana')
    await waitFor(() => expect(container.querySelector('path')!.getAttribute('d')).toBe(siSolana.path))
    expect(container.textContent).toBe('')
    rerender(<NetworkBadge name="Bitcoin Mainnet" caipNetworkId="bip122:000000000019d6689c085ae165831e93" />)
    expect(container.querySelector('svg')).toBeNull()
    expect(container.textContent).toBe('BM')
  })
})
