import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links to a job's original file that work without an API key: the link carries
 * the job id, the expiry (Unix seconds) and an HMAC-SHA256 of both with an installation secret.
 */
export class DocumentLinks {
  constructor(
    private readonly secret: string,
    private readonly baseUrl: string,
    private readonly ttlSeconds: number,
  ) {}

  urlFor(orgId: string, jobId: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    const path = `/v1/files/${encodeURIComponent(orgId)}/${encodeURIComponent(jobId)}`;
    return `${this.baseUrl}${path}?expires=${expires}&signature=${this.sign(orgId, jobId, expires)}`;
  }

  /** True when the signature is ours and the link has not expired. */
  verify(orgId: string, jobId: string, expires: string, signature: string, now: Date): boolean {
    const seconds = Number(expires);
    if (!Number.isInteger(seconds) || seconds < Math.floor(now.getTime() / 1000)) return false;
    if (!/^[0-9a-f]{64}$/.test(signature)) return false;
    const expected = Buffer.from(this.sign(orgId, jobId, seconds), 'hex');
    return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
  }

  private sign(orgId: string, jobId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${orgId}/${jobId}.${expires}`).digest('hex');
  }
}
