/** @intake/daemon: the composition root, exported for tests and for those who embed the whole daemon. */
export { startDaemon, type RunningDaemon, type StartOptions } from './daemon.js';
export { createHttpApp, type HttpApp, type HttpAppDeps } from './http/app.js';
export { buildOpenApiDocument } from './http/openapi.js';
export { loadConfig, ConfigError } from './config/load-config.js';
export { ConfigSchema, resolveConfig, type Config, type ResolvedConfig } from './config/config.schema.js';
export { uploadJsonBytes, type SizeLimits } from './config/limits.js';
export { createLogger } from './logger.js';
export { JobWorkers, type JobWorkersOptions } from './workers/job-workers.js';
export { SmtpIntake, type SmtpEvents, type SmtpIntakeOptions } from './smtp/smtp-intake.js';
export { isLoopback, mayReadMetrics, type MetricsRequest } from './metrics/metrics-access.js';
export { DaemonMetrics, type DaemonMetricsOptions, type ScrapeSources } from './metrics/daemon-metrics.js';
export { MailWorkers, type MailWorkersOptions } from './workers/mail-workers.js';
export { NotificationWorkers, type NotificationWorkersOptions } from './workers/notification-workers.js';
export { scheduleDigest } from './scheduler/digest-schedule.js';
export { createDnsResolver, type DnsResolverOptions, type ResolveRecords } from './mail-auth/dns-resolver.js';
export { createMailauthAuthenticator, type MailauthOptions } from './mail-auth/mailauth-authenticator.js';
export {
  ThreadedSenderAuthenticator,
  DEFAULT_AUTH_IDLE_MS,
  type ThreadedSenderAuthOptions,
} from './mail-auth/auth-threads.js';
