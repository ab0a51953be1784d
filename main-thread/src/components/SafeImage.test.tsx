import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SafeImage } from './SafeImage.tsx'
import { WalletImage } from '../modal/WalletImage.tsx'

const HOSTILE = [
  'javascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'blob:https://dapp.example/0b7c5f3e-1111-2222-3333-444444444444',
  'file:///etc/passwd',
  'http://evil.example/logo.png',
  'data:image/bmp;base64,Qk0=',
]

describe('SafeImage: an <img> from outside only through the image gate', () => {
  it.each(HOSTILE)('renders no <img> for %j, the fallback instead', (src) => {
    for (const allowDataImage of [false, true]) {
      const { container, unmount } = render(<SafeImage src={src} allowDataImage={allowDataImage} alt="" fallback={<span data-testid="fallback" />} />)
      expect(container.querySelector('img')).toBeNull()
      expect(container.querySelector('[data-testid="fallback"]')).not.toBeNull()
      unmount()
    }
  })

  it('renders https images, and data images only where allowed (EIP-6963 icons)', () => {
    const https = render(<SafeImage src="https://cdn.example/eth.svg" alt="" />)
    expect(https.container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/eth.svg')
    const icon = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>'
    expect(
      render(<SafeImage src={icon} allowDataImage alt="" />)
        .container.querySelector('img')
        ?.getAttribute('src'),
    ).toBe(icon)
    expect(render(<SafeImage src={icon} alt="" />).container.querySelector('img')).toBeNull()
  })

  it('WalletImage shows the initials, not a hostile image', () => {
    const { container } = render(<WalletImage src="javascript:alert(1)" name="Evil Wallet" />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe('EV')
  })
})
