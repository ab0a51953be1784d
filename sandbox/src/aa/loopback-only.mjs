// Loaded with `node --import` into the bundler's own process (sandbox/src/aa/alto.ts): every server
// that process opens listens on 127.0.0.1 only, whatever host it asks for (the bundler asks for all
// interfaces and has no option to choose). A Unix socket or an inherited handle is left as it is.
import net from 'node:net'

const host = '127.0.0.1'
const listen = net.Server.prototype.listen

net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args
  if (first !== null && typeof first === 'object' && !('fd' in first) && !('_handle' in first) && first.path === undefined) {
    args[0] = { ...first, host }
  } else if (typeof first === 'number' || (typeof first === 'string' && /^[0-9]+$/.test(first))) {
    if (typeof args[1] === 'string') args[1] = host
    else args.splice(1, 0, host)
  }
  return listen.apply(this, args)
}
