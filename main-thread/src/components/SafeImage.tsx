import { useMemo, type ImgHTMLAttributes, type ReactNode } from 'react'
import { pageSafeImageSrc } from '@portico/shared-types/safeUrl'

/**
 * An `<img>` whose URL came from outside (a token's logo, an NFT's image, a wallet's icon, an avatar):
 * rendered only when the URL passes the image gate (`pageSafeImageSrc`), otherwise nothing (or
 * `fallback`). `allowDataImage` only for an EIP-6963 wallet's icon, a `data:image/…` URI by standard.
 */
export function SafeImage({
  src,
  allowDataImage = false,
  fallback = null,
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined; allowDataImage?: boolean; fallback?: ReactNode }) {
  // Checked once per URL, not on every render (an EIP-6963 icon is a data URI of a few KiB).
  const safe = useMemo(() => pageSafeImageSrc(src, { allowDataImage }), [src, allowDataImage])
  if (safe === null) return <>{fallback}</>
  // biome-ignore lint/a11y/useAltText: the caller's `alt` (or aria-hidden) comes in `props`
  return <img src={safe} {...props} />
}
