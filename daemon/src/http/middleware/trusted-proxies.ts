import type { Context, Next } from 'koa';
import proxyaddr from 'proxy-addr';

/**
 * `X-Forwarded-For` and `X-Forwarded-Proto`, believed only when the connection comes from an
 * address in `TRUSTED_PROXIES` (addresses, CIDR ranges, or proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`). The client address is then the nearest address in X-Forwarded-For
 * that is not itself a trusted proxy (proxy-addr, as Express does it): a client cannot choose its
 * address by sending the header itself, since the proxy appends the real peer. Without the setting
 * nothing forwarded is believed: the client is the socket's peer and the protocol the socket's.
 */
export function trustedProxies(trusted: readonly string[]) {
  const trust = proxyaddr.compile([...trusted]);
  return async (ctx: Context, next: Next): Promise<void> => {
    const peer = ctx.req.socket.remoteAddress;
    if (peer !== undefined && trust(peer, 0)) {
      ctx.request.ip = proxyaddr(ctx.req, trust);
      const proto = forwardedProto(ctx.get('x-forwarded-proto'));
      if (proto) ctx.state.forwardedProto = proto;
    }
    await next();
  };
}

/** The first (client-facing) value of X-Forwarded-Proto, when it is http or https. */
function forwardedProto(header: string): 'http' | 'https' | undefined {
  const first = header.split(',')[0]?.trim().toLowerCase();
  return first === 'http' || first === 'https' ? first : undefined;
}

/** The protocol the client used: a trusted proxy's word for it, else the connection's own. */
export function requestProtocol(ctx: Context): string {
  const forwarded = ctx.state.forwardedProto as string | undefined;
  return forwarded ?? ctx.protocol;
}

/** Whether a TRUSTED_PROXIES entry is one proxy-addr accepts (checked when settings load). */
export function isTrustEntry(entry: string): boolean {
  try {
    proxyaddr.compile(entry);
    return true;
  } catch {
    return false;
  }
}
