import { useMemo } from 'react'
import { encode } from 'uqr'

export type QrCodeProps = {
  value: string
  /** The accessible name of the picture (what it encodes, in words). */
  label: string
  /** Pixels per side. */
  size?: number
  /** A picture in the middle (a wallet's icon); the code is made with high error correction so it still reads. */
  logo?: string | undefined
}

/**
 * A QR code drawn as one SVG path (no canvas, no inline styles: fine under a strict CSP), dark on
 * white in both themes so every camera reads it.
 */
export function QrCode({ value, label, size = 240, logo }: QrCodeProps) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: logo ? 'H' : 'M', border: 2 })
    let d = ''
    for (const [y, row] of qr.data.entries()) {
      for (const [x, dark] of row.entries()) if (dark) d += `M${x} ${y}h1v1h-1z`
    }
    return { path: d, modules: qr.size }
  }, [value, logo])
  const logoSize = modules * 0.22
  const logoAt = (modules - logoSize) / 2
  return (
    <svg className="portico-qr" role="img" aria-label={label} viewBox={`0 0 ${modules} ${modules}`} width={size} height={size} shapeRendering="crispEdges" data-qr-value={value}>
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
      {logo ? (
        <>
          <rect x={logoAt - 0.5} y={logoAt - 0.5} width={logoSize + 1} height={logoSize + 1} rx={1} fill="#fff" />
          <image href={logo} x={logoAt} y={logoAt} width={logoSize} height={logoSize} />
        </>
      ) : null}
    </svg>
  )
}
