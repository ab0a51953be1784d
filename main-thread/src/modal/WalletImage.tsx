import { useState } from 'react'
import { pageSafeImageSrc } from '@portico/shared-types/safeUrl'

/** A wallet's picture with a placeholder while it loads (or when it has none or fails). */
export function WalletImage({ src: raw, name, size = 40 }: { src: string | null | undefined; name: string; size?: number }) {
  const src = pageSafeImageSrc(raw)
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed')
  const initials = name.slice(0, 2).toUpperCase()
  return (
    <span className={`portico-wallet-image portico-image-${state}`} data-size={size} aria-hidden="true">
      {state !== 'loaded' ? <span className="portico-wallet-initials">{state === 'failed' ? initials : null}</span> : null}
      {src && state !== 'failed' ? <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" onLoad={() => setState('loaded')} onError={() => setState('failed')} /> : null}
    </span>
  )
}
