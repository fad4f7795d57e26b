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

  urlFor(jobId: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    return `${this.baseUrl}/v1/files/${encodeURIComponent(jobId)}?expires=${expires}&signature=${this.sign(jobId, expires)}`;
  }

  /** True when the signature is ours and the link has not expired. */
  verify(jobId: string, expires: string, signature: string, now: Date): boolean {
    const seconds = Number(expires);
    if (!Number.isInteger(seconds) || seconds < Math.floor(now.getTime() / 1000)) return false;
    const expected = Buffer.from(this.sign(jobId, seconds), 'hex');
    const presented = Buffer.from(signature, 'hex');
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  }

  private sign(jobId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${jobId}.${expires}`).digest('hex');
  }
}
