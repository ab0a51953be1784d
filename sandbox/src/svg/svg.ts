import { createHash } from 'node:crypto'

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/** A colour picked from `seed`, the same for the same seed: hsl(hue, s%, l%). */
export function colourFor(seed: string, saturation = 62, lightness = 48): string {
  const hue = createHash('sha256').update(seed).digest().readUInt16BE(0) % 360
  return `hsl(${hue}, ${saturation}%, ${lightness}%)`
}

/** Up to two initials of a name: "Aurora Wallet" → "AW". */
export function initials(name: string): string {
  const words = name.split(/[\s._-]+/).filter(Boolean)
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : name.slice(0, 2)
  return letters.toUpperCase()
}

/** A square tile with text, for wallet logos and catalogue images. */
export function tileSvg(label: string, background: string, { radius = 24, title = label } = {}): string {
  const text = escapeXml(label.slice(0, 4))
  const size = text.length > 2 ? 36 : 48
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">',
    `<title>${escapeXml(title)}</title>`,
    `<rect width="128" height="128" rx="${radius}" fill="${background}"/>`,
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#fff">${text}</text>`,
    '</svg>',
  ].join('')
}
