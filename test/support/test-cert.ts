import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The committed TLS test certificate (test/fixtures/tls): self-signed, CN=localhost, SAN localhost
 * and 127.0.0.1, RSA 2048, valid until 2126. For loopback tests only: its private key is public.
 */
const TLS_DIR = fileURLToPath(new URL('../fixtures/tls/', import.meta.url));
export const TEST_CERT_FILE = path.join(TLS_DIR, 'localhost-cert.pem');
export const TEST_KEY_FILE = path.join(TLS_DIR, 'localhost-key.pem');
