/** Copyable commands built from the running daemon's configuration, so that they work as shown. */
import type { Session } from './api.js';

/** A listening address that is every interface is reached by the name the page was loaded from. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

/** The mail gateway as the session describes it; a daemon that does not say is taken to use the defaults. */
export function mailServer(session: Session): { server: string; domain: string } {
  const smtp = session.smtp ?? { host: '', port: 2525, domain: 'localhost' };
  const host = WILDCARDS.has(smtp.host) ? location.hostname : smtp.host;
  return { server: `${host.includes(':') ? `[${host}]` : host}:${smtp.port}`, domain: smtp.domain };
}

/** `swaks` sending a PDF to `prefix@` the daemon's mail domain, through its SMTP port. */
export function swaksCommand(session: Session, prefix = 'ap'): string {
  const { server, domain } = mailServer(session);
  return `swaks --server ${server} --to ${prefix}@${domain} --from you@example.com --attach @invoice.pdf`;
}
