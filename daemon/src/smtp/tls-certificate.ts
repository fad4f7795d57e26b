import { createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import tls from 'node:tls';
import { coerceError } from '@intake/core';
import type { Logger } from '../logger.js';

/** A PEM certificate and its key, as read from their files. */
export interface CertificatePair {
  cert: Buffer;
  key: Buffer;
}

/** How often the two files are looked at (a stat each). */
const POLL_MS = 1000;

/** The pair in the files, checked: a certificate that does not match its key throws here, not at a client's STARTTLS. */
export function readCertificatePair(certFile: string, keyFile: string): CertificatePair {
  try {
    const pair = { cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) };
    // createSecureContext alone takes an EC key beside an RSA certificate (OpenSSL keeps one of
    // each type): compare the two explicitly.
    if (!new X509Certificate(pair.cert).checkPrivateKey(createPrivateKey(pair.key))) {
      throw new Error('the key does not belong to the certificate');
    }
    tls.createSecureContext(pair);
    return pair;
  } catch (error) {
    const cause = coerceError(error);
    throw new Error(`${certFile} and ${keyFile} are not a usable PEM certificate and key: ${cause.message}`, {
      cause,
    });
  }
}

/** SHA-256 fingerprint of a PEM certificate, as `openssl x509 -fingerprint -sha256` writes it. */
export const fingerprintOf = (cert: Buffer) => new X509Certificate(cert).fingerprint256;

/**
 * Watches SMTP_TLS_CERT and SMTP_TLS_KEY and hands a new pair to `onChange` once both files form a
 * valid one. The files are polled by path (fs.watchFile), not watched by inode (fs.watch): renewal
 * tools replace them by renaming a new file over the old or by swapping a symlink, which an inode
 * watch does not follow. A half-done swap (new certificate, old key) is logged and the previous
 * pair kept; the next change (the key) is tried again.
 */
export class CertificateWatch {
  private readonly listener = () => this.reload();
  private current: string;
  private watching = false;

  constructor(
    private readonly certFile: string,
    private readonly keyFile: string,
    initial: CertificatePair,
    private readonly onChange: (pair: CertificatePair) => void,
    private readonly logger: Logger,
  ) {
    this.current = fingerprintOf(initial.cert);
  }

  start(): void {
    if (this.watching) return;
    this.watching = true;
    for (const file of [this.certFile, this.keyFile]) {
      // Not persistent: the watch alone must not keep the process alive.
      fs.watchFile(file, { interval: POLL_MS, persistent: false }, this.listener);
    }
  }

  stop(): void {
    if (!this.watching) return;
    this.watching = false;
    for (const file of [this.certFile, this.keyFile]) fs.unwatchFile(file, this.listener);
  }

  private reload(): void {
    let pair: CertificatePair;
    try {
      pair = readCertificatePair(this.certFile, this.keyFile);
    } catch (error) {
      this.logger.warn(
        { err: coerceError(error), cert: this.certFile, key: this.keyFile },
        'SMTP TLS files changed but do not form a valid pair; still using the previous certificate',
      );
      return;
    }
    const fingerprint = fingerprintOf(pair.cert);
    if (fingerprint === this.current) return;
    this.onChange(pair);
    this.current = fingerprint;
    this.logger.info({ fingerprint, cert: this.certFile }, 'SMTP TLS certificate reloaded');
  }
}
