/**
 * @intake/dashboard: the web dashboard's files, built in memory by esbuild when the daemon starts
 * (no built files in the repository, nothing fetched at run time).
 */
export { buildDashboard, type DashboardAsset, type DashboardBundle } from './build.js';
export { DASHBOARD_CSP } from './security.js';
